import { DASHBOARD_UI_TEXTS } from "@mailsmith/shared";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import type { IconGlyph } from "@/components/ui/icons";
import * as navIcons from "@/components/ui/nav-icons";
import { paths } from "@/config/paths";
import { useMe } from "@/lib/auth";
import { useDocumentTitle } from "@/lib/use-document-title";

const cards: { title: string; text: string; to: string; icon: IconGlyph; tone: string }[] = [
  {
    title: DASHBOARD_UI_TEXTS.memberDashboardPage.generateATemplate,
    text: DASHBOARD_UI_TEXTS.memberDashboardPage.turnADesignImageInto,
    to: paths.user.generateCode,
    icon: navIcons.spark,
    tone: "bg-brand-50 text-brand-700",
  },
  {
    title: DASHBOARD_UI_TEXTS.memberDashboardPage.pendingPayments,
    text: DASHBOARD_UI_TEXTS.memberDashboardPage.ordersWaitingForPayment,
    to: `${paths.user.pendingPayment}/`,
    icon: navIcons.clock,
    tone: "bg-amber-50 text-amber-700",
  },
  {
    title: DASHBOARD_UI_TEXTS.memberDashboardPage.support,
    text: DASHBOARD_UI_TEXTS.memberDashboardPage.yourTicketsAndOurAnswers,
    to: paths.user.support,
    icon: navIcons.support,
    tone: "bg-teal-50 text-teal-700",
  },
  {
    title: DASHBOARD_UI_TEXTS.memberDashboardPage.subscriptionHistory,
    text: DASHBOARD_UI_TEXTS.memberDashboardPage.yourPastPurchases,
    to: paths.user.subscriptionHistory,
    icon: navIcons.history,
    tone: "bg-slate-100 text-slate-700",
  },
  {
    title: DASHBOARD_UI_TEXTS.memberDashboardPage.upgrade,
    text: DASHBOARD_UI_TEXTS.memberDashboardPage.buyMoreCredits,
    to: paths.user.selectPackage,
    icon: navIcons.card,
    tone: "bg-rose-50 text-rose-700",
  },
];

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-white/10 px-4 py-3">
      <p className="text-xs text-brand-100">{label}</p>
      <p className="text-xl font-bold text-white">{children}</p>
    </div>
  );
}

/** /user/dashboard home: welcome, credits, cards to the member pages and the Image HTML Generator button. */
export function MemberDashboardPage() {
  useDocumentTitle(DASHBOARD_UI_TEXTS.memberDashboardPage.dashboardMailsmith);
  const me = useMe();
  const user = me.data;
  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-col gap-6 rounded-2xl bg-gradient-to-br from-brand-700 to-brand-500 p-6 text-white shadow-sm sm:p-8 md:flex-row md:items-center md:justify-between">
        <div>
          <h1 className="text-2xl font-bold">Welcome back, {user?.userName}</h1>
          <p className="mt-1 text-brand-100">
            You have <strong data-testid="dashboard-credits">{user?.currentBalance ?? 0}</strong> credits.
          </p>
          <div className="mt-4 flex gap-3">
            <Stat label={DASHBOARD_UI_TEXTS.memberDashboardPage.membership}>{user?.userMembership ?? "free"}</Stat>
            <Stat label={DASHBOARD_UI_TEXTS.memberDashboardPage.costPerTemplate}>
              {DASHBOARD_UI_TEXTS.memberDashboardPage.n1Credit}
            </Stat>
          </div>
        </div>
        <Link to={paths.user.generateCode} className={buttonClasses("secondary", "shrink-0")}>
          {DASHBOARD_UI_TEXTS.memberDashboardPage.imageHtmlGenerator}
        </Link>
      </div>
      <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((c) => (
          <Link
            key={c.title}
            to={c.to}
            className="flex items-start gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:shadow-md"
          >
            <span className={`rounded-xl p-2.5 ${c.tone}`}>
              <Icon glyph={c.icon} />
            </span>
            <span>
              <span className="block font-semibold text-slate-900">{c.title}</span>
              <span className="mt-1 block text-sm text-slate-600">{c.text}</span>
            </span>
          </Link>
        ))}
        <Link
          to={paths.updateProfile}
          className="flex items-start gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:shadow-md"
        >
          <span className="rounded-xl bg-indigo-50 p-2.5 text-indigo-700">
            <Icon glyph={navIcons.users} />
          </span>
          <span>
            <span className="block font-semibold text-slate-900">{DASHBOARD_UI_TEXTS.memberDashboardPage.profile}</span>
            <span className="mt-1 block text-sm text-slate-600">
              {DASHBOARD_UI_TEXTS.memberDashboardPage.yourPhotoAndPersonalInformation}
            </span>
          </span>
        </Link>
      </div>
    </div>
  );
}
