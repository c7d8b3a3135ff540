import { AUTH_UI_TEXTS, googleSignInErrorMessage } from "@mailsmith/shared";
import type { ComponentProps, FormEventHandler, ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { FullScreenLoader } from "@/components/ui/spinner";
import { AuthShell, FormError } from "./auth-shell";
import { GoogleButton } from "./google-button";

/**
 * The body every auth form shares: the red error box, the fields (browser validation off: zod shows every field's
 * error at once) and a full-width submit button that says what it is doing while it works.
 */
export function AuthForm({
  error,
  onSubmit,
  submitting,
  submitLabel,
  submittingLabel,
  children,
}: {
  error: string | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  submitLabel: string;
  submittingLabel: string;
  children: ReactNode;
}) {
  return (
    <>
      <FormError message={error} />
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {children}
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? submittingLabel : submitLabel}
        </Button>
      </form>
    </>
  );
}

/** The account's email address, with the browser's autofill hint. */
export function EmailField(props: Omit<ComponentProps<typeof TextField>, "label" | "type" | "autoComplete">) {
  return (
    <TextField
      label={AUTH_UI_TEXTS.authForm.emailAddress}
      type="email"
      autoComplete="email"
      placeholder="you@example.com"
      {...props}
    />
  );
}

/** "Don't have an account? Sign up" under a form; keeps where the visitor was going. */
export function SwitchAuthLink({
  prompt,
  to,
  state,
  children,
}: {
  prompt: string;
  to: string;
  state?: unknown;
  children: ReactNode;
}) {
  return (
    <p className="mt-6 text-center text-sm text-slate-600">
      {prompt}{" "}
      <Link to={to} state={state} className="font-semibold text-brand-700 hover:underline">
        {children}
      </Link>
    </p>
  );
}

/** The texts of a sign-in or sign-up screen (AUTH_UI_TEXTS.loginPage / registerPage). */
export type AuthScreenTexts = {
  heading: string;
  subheading: string;
  benefitsTitle: string;
  loader: string;
  submit: string;
  submitting: string;
  switchPrompt: string;
  switchLink: string;
};

/**
 * A sign-in or sign-up screen: the two-panel card, the full-screen loader while submitting, the form, the Google
 * button and the link to the other screen (keeping where the visitor was going).
 */
export function AuthScreen({
  texts,
  benefits,
  error,
  onSubmit,
  submitting,
  callbackURL,
  onGoogleError,
  switchTo,
  switchState,
  children,
}: {
  texts: AuthScreenTexts;
  benefits: string[];
  error: string | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  callbackURL: string;
  onGoogleError: (message: string) => void;
  switchTo: string;
  switchState?: unknown;
  children: ReactNode;
}) {
  // Google sign-in sends the member back here with ?error=<code> when it fails.
  const [params] = useSearchParams();
  const googleError = googleSignInErrorMessage(params.get("error"));
  return (
    <AuthShell
      heading={texts.heading}
      subheading={texts.subheading}
      benefitsTitle={texts.benefitsTitle}
      benefits={benefits}
    >
      {submitting && <FullScreenLoader label={texts.loader} />}
      <AuthForm
        error={error ?? googleError}
        onSubmit={onSubmit}
        submitting={submitting}
        submitLabel={texts.submit}
        submittingLabel={texts.submitting}
      >
        {children}
      </AuthForm>
      <GoogleButton callbackURL={callbackURL} onError={onGoogleError} />
      <SwitchAuthLink prompt={texts.switchPrompt} to={switchTo} state={switchState}>
        {texts.switchLink}
      </SwitchAuthLink>
    </AuthShell>
  );
}
