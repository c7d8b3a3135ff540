import { VERIFY_MESSAGES } from "@mailsmith/shared";
import { useState } from "react";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ApiError, api } from "@/lib/api-client";
import { useMe, usePublicConfig } from "../api/me";

/**
 * Shown to a member whose address is not verified yet (docs/decisions/070): the free credits arrive when they open
 * the link of the verification mail; the button sends the mail again.
 */
export function VerifyEmailBanner() {
  const me = useMe();
  const config = usePublicConfig();
  const [sending, setSending] = useState(false);
  const user = me.data;
  if (user?.emailVerified !== false) return null;
  const credits = config.data?.signupBonusCredits ?? 0;

  async function resend() {
    if (!user) return;
    setSending(true);
    try {
      await api.post("/api/auth/send-verification-email", { email: user.email, callbackURL: "/user/dashboard" });
      toast.success(VERIFY_MESSAGES.resent);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : VERIFY_MESSAGES.resendFailed);
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="mb-4">
      <Alert tone="warning" title={VERIFY_MESSAGES.bannerTitle}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p>{credits > 0 ? VERIFY_MESSAGES.banner(credits) : VERIFY_MESSAGES.bannerNoCredits}</p>
          <Button variant="secondary" onClick={resend} loading={sending}>
            {VERIFY_MESSAGES.resend}
          </Button>
        </div>
      </Alert>
    </div>
  );
}
