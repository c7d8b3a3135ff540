import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useMe } from "@/features/auth/api/me";
import { useDocumentTitle } from "@/lib/use-document-title";

const cards = [
  { title: "Generate a template", text: "Turn a design image into HTML.", to: paths.user.generateCode },
  { title: "Pending payments", text: "Orders waiting for payment.", to: `${paths.user.pendingPayment}/` },
  { title: "Support", text: "Ask us anything.", to: paths.user.support },
  { title: "Subscription history", text: "Your past purchases.", to: paths.user.subscriptionHistory },
  { title: "Upgrade", text: "Buy more credits.", to: paths.user.selectPackage },
];

export function MemberDashboardPage() {
  useDocumentTitle("Dashboard - Mailsmith");
  const me = useMe();
  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Welcome back, {me.data?.userName}</h1>
          <p className="mt-1 text-slate-600">
            You have <strong data-testid="dashboard-credits">{me.data?.currentBalance ?? 0}</strong> credits.
          </p>
        </div>
        <Link to={paths.user.generateCode} className={buttonClasses("primary")}>
          Image HTML Generator
        </Link>
      </div>
      <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((c) => (
          <Link
            key={c.title}
            to={c.to}
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:shadow-md"
          >
            <h2 className="font-semibold text-slate-900">{c.title}</h2>
            <p className="mt-1 text-sm text-slate-600">{c.text}</p>
          </Link>
        ))}
      </div>
    </div>
  );
}
