import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { redirectTarget } from "@/lib/auth";
import { scrollBehavior } from "@/lib/motion";
import { queryKeys } from "@/lib/query-keys";

/**
 * What login and registration share: the red error box at the top (the page scrolls up to it) and, on success,
 * a fresh auth state and the way back to the page the visitor came from.
 */
export function useAuthForm() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);

  const showError = useCallback((message: string) => {
    setFormError(message);
    window.scrollTo({ top: 0, behavior: scrollBehavior() });
  }, []);

  const finishSignIn = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.me });
    navigate(redirectTarget(location.state), { replace: true });
  }, [queryClient, navigate, location.state]);

  return {
    formError,
    setFormError,
    showError,
    finishSignIn,
    /** Where Google sign-in returns to. */
    callbackURL: redirectTarget(location.state),
    /** Carried over when switching between /login and /register. */
    originState: location.state,
  };
}
