import { COMMERCE_MESSAGES, formatCredits, GENERATOR_UI } from "@mailsmith/shared";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { paths } from "@/config/paths";

/** A balance as the header and the dashboard show it: a true minus sign (−20) and red below zero (decision 141). */
export function CreditsAmount({ credits, testId }: { credits: number; testId?: string }) {
  return (
    <strong data-testid={testId} className={credits < 0 ? "text-red-700" : "text-slate-900"}>
      {formatCredits(credits)}
    </strong>
  );
}

/** Why the Generator cannot start: nothing left, or a balance owed after a refund or reversal (and how much). */
export function noCreditsNote(credits: number): string {
  return credits < 0 ? COMMERCE_MESSAGES.negativeBalance(credits) : GENERATOR_UI.noCredits;
}

/** The Generator's balance, and Buy Now when it is spent. */
export function CreditsBox({ credits }: { credits: number }) {
  return (
    <div className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-2">
      <span className="text-sm text-slate-600">
        {GENERATOR_UI.creditsLabel} <CreditsAmount credits={credits} testId="generator-credits" />
      </span>
      {credits < 1 && (
        <Link to={paths.user.selectPackage} className={buttonClasses("primary", "px-3 py-1.5")}>
          {GENERATOR_UI.buyNow}
        </Link>
      )}
    </div>
  );
}
