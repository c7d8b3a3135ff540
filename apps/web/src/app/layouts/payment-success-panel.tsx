import { formatCredits, PAYMENT_SUCCESS_TEXTS } from "@mailsmith/shared";
import { useEffect, useRef } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { Button, buttonClasses } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useAuth } from "@/lib/auth";
import { readPaymentSuccess } from "@/lib/payment-success";

/**
 * The success screen after a payment: shown on the page the payment goes to (subscription
 * history, orders), with what was bought, the new balance and the next step.
 */
export function PaymentSuccessPanel() {
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const success = readPaymentSuccess(location.state);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (success) ref.current?.focus();
  }, [success]);
  if (!success) return null;
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="payment-success-title"
      className="mb-6 rounded-2xl border border-green-200 bg-green-50 p-5 sm:p-6"
    >
      <h2 id="payment-success-title" className="text-xl font-bold text-green-900">
        {PAYMENT_SUCCESS_TEXTS.title}
      </h2>
      <p className="mt-2 text-green-900">{PAYMENT_SUCCESS_TEXTS.bought(success.name, success.total)}</p>
      {success.credited && success.credited.paidOff > 0 ? (
        <p className="mt-1 text-green-900">
          {PAYMENT_SUCCESS_TEXTS.creditsPaidOff(
            success.credited.added,
            success.credited.paidOff,
            success.credited.balance,
          )}
        </p>
      ) : (
        success.credits !== null && (
          <p className="mt-1 text-green-900">{PAYMENT_SUCCESS_TEXTS.creditsAdded(success.credits)}</p>
        )
      )}
      {user && (
        <p className="mt-3 text-sm text-green-900">
          {PAYMENT_SUCCESS_TEXTS.balance}:{" "}
          <strong data-testid="success-balance" className={`text-lg ${user.currentBalance < 0 ? "text-red-700" : ""}`}>
            {formatCredits(user.currentBalance)}
          </strong>
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to={paths.user.generateCode} className={buttonClasses("primary")}>
          {PAYMENT_SUCCESS_TEXTS.next}
        </Link>
        <Button
          variant="secondary"
          onClick={() => navigate(`${location.pathname}${location.search}`, { replace: true, state: null })}
        >
          {PAYMENT_SUCCESS_TEXTS.dismiss}
        </Button>
      </div>
    </section>
  );
}
