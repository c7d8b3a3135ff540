import { APP_UI_TEXTS, NAV_TEXTS } from "@mailsmith/shared";
import { type ComponentType, lazy, Suspense } from "react";
import { useSearchParams } from "react-router";
import { ScrollRow } from "@/components/ui/scroll-row";
import { Spinner } from "@/components/ui/spinner";
import { useDocumentTitle } from "@/lib/use-document-title";

/**
 * /admin/settings: left menu + content pane (spec admin §2). Each panel belongs to its feature;
 * this route only composes them. The tab is in the URL (?tab=banner) so it can be linked and reloaded.
 */
type Panel = { key: string; label: string; Component: ComponentType };

const named = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T) =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }));

export const settingsPanels: Panel[] = [
  {
    key: "account",
    label: APP_UI_TEXTS.settingsTabs.account,
    Component: named(() => import("@/features/profile/components/account-settings-panel"), "AccountSettingsPanel"),
  },
  {
    key: "logo",
    label: APP_UI_TEXTS.settingsTabs.logo,
    Component: named(() => import("@/features/content/components/admin/logo-panel"), "LogoPanel"),
  },
  {
    key: "banner",
    label: APP_UI_TEXTS.settingsTabs.banner,
    Component: named(() => import("@/features/content/components/admin/banner-panel"), "BannerPanel"),
  },
  {
    key: "features",
    label: APP_UI_TEXTS.settingsTabs.features,
    Component: named(() => import("@/features/content/components/admin/features-panel"), "FeaturesPanel"),
  },
  {
    key: "about",
    label: APP_UI_TEXTS.settingsTabs.about,
    Component: named(() => import("@/features/content/components/admin/about-panel"), "AboutPanel"),
  },
  {
    key: "testimonials",
    label: APP_UI_TEXTS.settingsTabs.testimonials,
    Component: named(() => import("@/features/content/components/admin/testimonials-panel"), "TestimonialsPanel"),
  },
  {
    key: "gemini-keys",
    label: APP_UI_TEXTS.settingsTabs.geminiKeys,
    // The AI keys pane with the generator's score threshold under the local reader (features never import each other).
    Component: lazy(async () => {
      const [{ GeminiKeysPanel }, { ScoreThresholdPanel }] = await Promise.all([
        import("@/features/ai-keys/components/gemini-keys-panel"),
        import("@/features/generator/components/admin/score-threshold-panel"),
      ]);
      return { default: () => <GeminiKeysPanel settings={<ScoreThresholdPanel />} /> };
    }),
  },
  {
    key: "paypal",
    label: APP_UI_TEXTS.settingsTabs.paypal,
    Component: named(
      () => import("@/features/commerce/capture/components/paypal-settings-panel"),
      "PaypalSettingsPanel",
    ),
  },
  {
    key: "packages",
    label: APP_UI_TEXTS.settingsTabs.packages,
    Component: named(() => import("@/features/commerce/catalogue/components/packages-panel"), "PackagesPanel"),
  },
  {
    key: "footer",
    label: APP_UI_TEXTS.settingsTabs.footer,
    Component: named(() => import("@/features/content/components/admin/footer-panel"), "FooterPanel"),
  },
  {
    key: "contact-page",
    label: APP_UI_TEXTS.settingsTabs.contactPage,
    Component: named(() => import("@/features/content/components/admin/contact-page-panel"), "ContactPagePanel"),
  },
];

export function AdminSettingsRoute() {
  useDocumentTitle(APP_UI_TEXTS.settingsDocumentTitle);
  const [params, setParams] = useSearchParams();
  const active = settingsPanels.find((p) => p.key === params.get("tab")) ?? settingsPanels[0]!;
  return (
    // One navigation: the admin sidebar, and the settings sections as a row of tabs above the
    // pane, so the pane keeps the full width of a laptop screen.
    <div className="mx-auto flex max-w-7xl flex-col gap-4">
      <h1 className="sr-only">Settings: {active.label}</h1>
      <nav aria-label={NAV_TEXTS.settings}>
        <ScrollRow className="gap-1 rounded-xl border border-slate-200 bg-white p-1.5">
          {settingsPanels.map((p) => (
            <li key={p.key}>
              <button
                type="button"
                aria-current={p.key === active.key ? "page" : undefined}
                onClick={() => setParams({ tab: p.key })}
                className={`rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap ${p.key === active.key ? "bg-brand-50 text-brand-700" : "text-slate-600 hover:bg-slate-100"}`}
              >
                {p.label}
              </button>
            </li>
          ))}
        </ScrollRow>
      </nav>
      <section className="min-w-0 flex-1 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        <Suspense
          fallback={
            <div className="flex justify-center p-10 text-brand-600">
              <Spinner />
            </div>
          }
        >
          <active.Component />
        </Suspense>
      </section>
    </div>
  );
}
