import { CREDIT_BALANCE_TEXTS, DASHBOARD_UI_TEXTS, formatCredits } from "@mailsmith/shared";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import type { IconGlyph } from "@/components/ui/icons";
import * as navIcons from "@/components/ui/nav-icons";
import { paths } from "@/config/paths";
import { useMe } from "@/lib/auth";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useFirstVisit } from "../hooks/use-first-visit";

const T = DASHBOARD_UI_TEXTS.memberDashboardPage;

interface Card {
  title: string;
  text: string;
  to: string;
  icon: IconGlyph;
  tone: string;
}

/** What a member comes for (decision 127): make an email, check one, find the ones made, set up a brand. */
const start: Card[] = [
  {
    title: T.generateATemplate,
    text: T.turnADesignImageInto,
    to: paths.user.generateCode,
    icon: navIcons.spark,
    tone: "bg-brand-50 text-brand-700",
  },
  {
    title: T.checkEmail,
    text: T.checkEmailText,
    to: paths.user.checkEmail,
    icon: navIcons.mailCheck,
    tone: "bg-sky-50 text-sky-800",
  },
  {
    title: T.templates,
    text: T.templatesText,
    to: paths.user.templates,
    icon: navIcons.template,
    tone: "bg-emerald-50 text-emerald-800",
  },
  {
    title: T.brandKits,
    text: T.brandKitsText,
    to: paths.user.brandKits,
    icon: navIcons.palette,
    tone: "bg-fuchsia-50 text-fuchsia-800",
  },
];

/** The account's pages (the spec's cards). */
const account: Card[] = [
  {
    title: T.pendingPayments,
    text: T.ordersWaitingForPayment,
    to: `${paths.user.pendingPayment}/`,
    icon: navIcons.clock,
    tone: "bg-amber-50 text-amber-800",
  },
  {
    title: T.support,
    text: T.yourTicketsAndOurAnswers,
    to: paths.user.support,
    icon: navIcons.support,
    tone: "bg-teal-50 text-teal-800",
  },
  {
    title: T.subscriptionHistory,
    text: T.yourPastPurchases,
    to: paths.user.subscriptionHistory,
    icon: navIcons.history,
    tone: "bg-slate-100 text-slate-700",
  },
  {
    title: T.upgrade,
    text: T.buyMoreCredits,
    to: paths.user.selectPackage,
    icon: navIcons.coins,
    tone: "bg-rose-50 text-rose-800",
  },
  {
    title: T.profile,
    text: T.yourPhotoAndPersonalInformation,
    to: paths.updateProfile,
    icon: navIcons.user,
    tone: "bg-indigo-50 text-indigo-800",
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

function Cards({ title, cards, large }: { title: string; cards: Card[]; large?: boolean }) {
  return (
    <section className="mt-8" aria-labelledby={`cards-${large ? "start" : "account"}`}>
      <h2 id={`cards-${large ? "start" : "account"}`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className={`mt-3 grid gap-4 sm:grid-cols-2 ${large ? "xl:grid-cols-4" : "lg:grid-cols-3"}`}>
        {cards.map((c) => (
          <Link
            key={c.to}
            to={c.to}
            className="flex items-start gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:shadow-md"
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
      </div>
    </section>
  );
}

/**
 * "You have 12 credits."; below zero (a payment refunded or reversed after its credits were spent) the balance is
 * said as it is, with why and how it is paid off, so the member is not left with a bare minus sign.
 */
function CreditsLine({ balance }: { balance: number }) {
  if (balance >= 0) {
    return (
      <p className="mt-1 text-brand-100">
        {T.youHave} <strong data-testid="dashboard-credits">{formatCredits(balance)}</strong> {T.creditsWord(balance)}
      </p>
    );
  }
  return (
    <div className="mt-3 max-w-xl rounded-xl bg-white p-4 text-slate-800 shadow-sm">
      <p>
        {CREDIT_BALANCE_TEXTS.balanceIs}{" "}
        <strong data-testid="dashboard-credits" className="text-red-700">
          {formatCredits(balance)}
        </strong>{" "}
        {T.creditsWord(balance)}
      </p>
      <p className="mt-1 text-sm text-slate-600">{CREDIT_BALANCE_TEXTS.owedNote(balance)}</p>
      <Link to={paths.user.selectPackage} className={buttonClasses("primary", "mt-3")}>
        {CREDIT_BALANCE_TEXTS.buyCredits}
      </Link>
    </div>
  );
}

/** /user/dashboard: a greeting (Welcome the first time), credits, then the four things a member comes for. */
export function MemberDashboardPage() {
  useDocumentTitle(T.dashboardMailsmith);
  const user = useMe().data;
  const first = useFirstVisit(user);
  const name = user?.userName ?? "";
  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-col gap-6 rounded-2xl bg-gradient-to-br from-brand-700 to-brand-500 p-6 text-white shadow-sm sm:p-8 md:flex-row md:items-center md:justify-between">
        <div>
          <h1 className="text-2xl font-bold">{first ? T.welcome(name) : T.welcomeBack(name)}</h1>
          <CreditsLine balance={user?.currentBalance ?? 0} />
          <div className="mt-4 flex gap-3">
            <Stat label={T.membership}>{user?.userMembership ?? "free"}</Stat>
            <Stat label={T.costPerTemplate}>{T.n1Credit}</Stat>
          </div>
        </div>
        <Link to={paths.user.generateCode} className={buttonClasses("secondary", "shrink-0")}>
          {T.imageHtmlGenerator}
        </Link>
      </div>
      <Cards title={T.firstSteps} cards={start} large />
      <Cards title={T.moreTitle} cards={account} />
    </div>
  );
}
