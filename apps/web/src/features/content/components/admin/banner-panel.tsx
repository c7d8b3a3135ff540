import { zodResolver } from "@hookform/resolvers/zod";
import {
  BANNER_NOTICE_MS,
  BANNER_PATTERNS,
  CONTENT_ADMIN_TEXTS,
  isValidImageUrl,
  isValidYouTubeUrl,
  type TBanner,
  type TBannerInput,
  ZBannerInputSchema,
} from "@mailsmith/shared";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DirtyNote, useUnsavedChanges } from "@/components/ui/editor-frame";
import { inputClasses, TextAreaField, TextField } from "@/components/ui/field";
import { errorMessage } from "@/lib/api-client";
import {
  useBanner,
  useBannerStats,
  useDeleteBanner,
  useResetBanner,
  useSaveBanner,
  useToggleBanner,
} from "../../api/banner";
import { BannerView } from "../landing/banner-section";
import {
  FieldGroup,
  formatDateTime,
  PanelHeader,
  PanelLoadError,
  PanelLoading,
  StatTile,
  TabPanel,
  Tabs,
  useConfirm,
} from "./admin-ui";
import { HeroEditor } from "./hero-editor";

const T = CONTENT_ADMIN_TEXTS.banner;

type Notice = { tone: "success" | "error"; text: string } | null;

/** Banner-page notices hide after 5 s (spec). */
function useNotice() {
  const [notice, setNotice] = useState<Notice>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), BANNER_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  return [notice, setNotice] as const;
}

const toForm = (b: TBanner | null | undefined): TBannerInput => ({
  isActive: b?.isActive ?? true,
  subTitle: b?.subTitle ?? "",
  mainTitle: b?.mainTitle ?? "",
  highlightText: b?.highlightText ?? "",
  description: b?.description ?? "",
  buttonText: b?.buttonText ?? "",
  buttonLink: b?.buttonLink ?? "",
  youtubeUrl: b?.youtubeUrl ?? "",
  backgroundImage: b?.backgroundImage ?? "",
  backgroundPattern: b?.backgroundPattern ?? "dots",
});

function PromoBannerEditor() {
  const banner = useBanner();
  const stats = useBannerStats();
  const save = useSaveBanner();
  const toggle = useToggleBanner();
  const remove = useDeleteBanner();
  const reset = useResetBanner();
  const [notice, setNotice] = useNotice();
  const [confirm, confirmDialog] = useConfirm();
  const form = useForm<TBannerInput>({ resolver: zodResolver(ZBannerInputSchema), defaultValues: toForm(null) });
  const leaveDialog = useUnsavedChanges(form.formState.isDirty && !save.isPending);
  const { errors } = form.formState;

  const loaded = banner.data;
  useEffect(() => {
    if (banner.isSuccess) form.reset(toForm(loaded));
  }, [banner.isSuccess, loaded, form]);

  if (banner.isPending) return <PanelLoading />;
  if (banner.isError) return <PanelLoadError title={T.loadError} message={banner.error.message} />;

  const values = form.watch();
  const youtubeOk = isValidYouTubeUrl(values.youtubeUrl);
  const imageOk = isValidImageUrl(values.backgroundImage);
  const active = loaded?.isActive ?? false;
  const busy = save.isPending || toggle.isPending || remove.isPending || reset.isPending;

  const run = async (action: () => Promise<{ message: string }>, fallback: string) => {
    try {
      const res = await action();
      setNotice({ tone: "success", text: res.message });
    } catch (err) {
      setNotice({ tone: "error", text: errorMessage(err, fallback) });
    }
  };

  const onSave = form.handleSubmit((body) => run(() => save.mutateAsync(body), T.saveFailed));
  const onToggle = () => run(() => toggle.mutateAsync(undefined), T.toggleFailed);
  const onDelete = async () => {
    if (await confirm(T.confirmDelete, { confirmLabel: "Delete Banner", danger: true })) {
      await run(() => remove.mutateAsync(undefined), T.updateFailed);
    }
  };
  const onReset = async () => {
    if (await confirm(T.confirmReset, { confirmLabel: "Reset to Default", danger: true })) {
      await run(() => reset.mutateAsync(undefined), T.resetFailed);
    }
  };

  return (
    <div className="space-y-6">
      {confirmDialog}
      {leaveDialog}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatTile label="Status" value={active ? "Active" : "Inactive"} tone={active ? "green" : "grey"} />
        <StatTile label="YouTube Video" value={stats.data?.hasYoutubeVideo ? "Yes" : "No"} />
        <StatTile label="Background Image" value={stats.data?.hasBackgroundImage ? "Yes" : "No"} />
        <StatTile label="Last Updated" value={formatDateTime(stats.data?.lastUpdated ?? loaded?.updatedAt)} />
      </dl>

      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}

      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onToggle} disabled={busy || !loaded}>
          {active ? "Deactivate" : "Activate"}
        </Button>
        <Button variant="danger" onClick={onDelete} disabled={busy || !active}>
          Delete Banner
        </Button>
        <Button variant="secondary" onClick={onReset} disabled={busy}>
          Reset to Default
        </Button>
      </div>

      <form onSubmit={onSave} noValidate className="space-y-5">
        <FieldGroup title="Text">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Sub Title" {...form.register("subTitle")} error={errors.subTitle?.message} />
            <TextField label="Main Title" required {...form.register("mainTitle")} error={errors.mainTitle?.message} />
            <TextField
              label="Highlight Text"
              {...form.register("highlightText")}
              error={errors.highlightText?.message}
            />
          </div>
          <TextAreaField
            label="Description"
            rows={3}
            {...form.register("description")}
            error={errors.description?.message}
          />
        </FieldGroup>
        <FieldGroup title="Button">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Button Text" {...form.register("buttonText")} error={errors.buttonText?.message} />
            <TextField
              label="Button Link"
              placeholder="/#pricing-sec or https://…"
              {...form.register("buttonLink")}
              error={errors.buttonLink?.message}
            />
          </div>
        </FieldGroup>
        <FieldGroup title="Media">
          <TextField
            label="YouTube URL"
            type="url"
            placeholder="https://www.youtube.com/watch?v=…"
            {...form.register("youtubeUrl")}
            error={errors.youtubeUrl?.message ?? (youtubeOk ? undefined : T.youtubeInvalid)}
          />
          <TextField
            label="Background Image URL"
            type="url"
            placeholder="https://…/banner.jpg"
            {...form.register("backgroundImage")}
            error={errors.backgroundImage?.message ?? (imageOk ? undefined : T.imageInvalid)}
          />
          <div>
            <label htmlFor="banner-pattern" className="mb-1.5 block text-sm font-medium text-slate-700">
              Background Pattern
            </label>
            <select id="banner-pattern" className={inputClasses()} {...form.register("backgroundPattern")}>
              {BANNER_PATTERNS.map((p) => (
                <option key={p} value={p}>
                  {p.charAt(0).toUpperCase() + p.slice(1)}
                </option>
              ))}
            </select>
          </div>
        </FieldGroup>

        <section aria-labelledby="banner-preview-heading" className="space-y-3">
          <h3 id="banner-preview-heading" className="text-sm font-semibold text-slate-900">
            Live Preview
          </h3>
          <div className="rounded-xl border border-dashed border-slate-300 bg-slate-50 p-3 sm:p-4">
            <BannerView
              headingId="banner-preview-title"
              banner={{ ...values, mainTitle: values.mainTitle || "Main title" }}
            />
          </div>
        </section>

        <div className="flex justify-end">
          <DirtyNote dirty={form.formState.isDirty} />
          <Button type="submit" loading={save.isPending} disabled={busy || !values.mainTitle?.trim()}>
            {save.isPending ? "Saving..." : "Save"}
          </Button>
        </div>
      </form>
    </div>
  );
}

/**
 * Banner Section: the promotional banner (stats, text, button, media, preview) and, as the spec's
 * "simpler form with a status card", the home banner at the top of the landing page (decision 010).
 */
export function BannerPanel() {
  const [tab, setTab] = useState<"banner" | "hero">("banner");
  return (
    <div className="space-y-5">
      <PanelHeader
        title={T.heading}
        description="The promotional banner under the hero, and the home banner (hero) at the top of the landing page."
      />
      <Tabs
        label="Banner editors"
        tabs={[
          { key: "banner", label: "Promotional Banner" },
          { key: "hero", label: "Home Banner (Hero)" },
        ]}
        active={tab}
        onChange={setTab}
      />
      <TabPanel id={tab}>{tab === "banner" ? <PromoBannerEditor /> : <HeroEditor />}</TabPanel>
    </div>
  );
}
