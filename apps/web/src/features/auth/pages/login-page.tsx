import { zodResolver } from "@hookform/resolvers/zod";
import { AUTH_MESSAGES, AUTH_UI_TEXTS, loginErrorMessage, type TLoginForm, ZLoginFormSchema } from "@mailsmith/shared";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { PasswordField } from "@/components/ui/field";
import { FullScreenLoader } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { authClient } from "@/lib/auth-client";
import { useDocumentTitle } from "@/lib/use-document-title";
import { takeSignOutReason } from "../api/me";
import { AuthForm, EmailField, SwitchAuthLink } from "../components/auth-form";
import { AuthShell } from "../components/auth-shell";
import { GoogleButton } from "../components/google-button";
import { useAuthForm } from "../hooks/use-auth-form";

const benefits = [
  "Access your personalized dashboard",
  "Save your preferences and templates",
  "Track your progress and credits",
  "24/7 support from our team",
];

export function LoginPage() {
  useDocumentTitle("Login - Welcome Back");
  const { formError, setFormError, showError, finishSignIn, callbackURL, originState } = useAuthForm();
  const form = useForm<TLoginForm>({
    resolver: zodResolver(ZLoginFormSchema),
    defaultValues: { email: "", password: "" },
  });
  const { isSubmitting, errors } = form.formState;

  useEffect(() => {
    const reason = takeSignOutReason();
    if (reason) setFormError(reason);
  }, [setFormError]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { error } = await authClient.signIn.email({ email: values.email, password: values.password });
      if (error)
        return showError(loginErrorMessage(error.code ?? (error.status === 429 ? "TOO_MANY_REQUESTS" : undefined)));
    } catch {
      return showError(AUTH_MESSAGES.network);
    }
    await finishSignIn();
  });

  return (
    <AuthShell
      heading="Welcome Back"
      subheading="Sign in to continue creating email templates."
      benefitsTitle="Why sign in?"
      benefits={benefits}
    >
      {isSubmitting && <FullScreenLoader label={AUTH_UI_TEXTS.loginPage.signingIn} />}
      <AuthForm
        error={formError}
        onSubmit={onSubmit}
        submitting={isSubmitting}
        submitLabel="Sign In"
        submittingLabel="Signing In..."
      >
        <EmailField error={errors.email?.message} {...form.register("email")} />
        <PasswordField
          label={AUTH_UI_TEXTS.loginPage.password}
          autoComplete="current-password"
          placeholder={AUTH_UI_TEXTS.loginPage.yourPassword}
          error={errors.password?.message}
          {...form.register("password")}
        />
        <div className="flex justify-end">
          <Link to={paths.resetPassword} className="text-sm font-medium text-brand-700 hover:underline">
            Forgot Password?
          </Link>
        </div>
      </AuthForm>
      <GoogleButton callbackURL={callbackURL} onError={showError} />
      <SwitchAuthLink prompt="Don't have an account?" to={paths.register} state={originState}>
        Sign up for free
      </SwitchAuthLink>
    </AuthShell>
  );
}
