import { zodResolver } from "@hookform/resolvers/zod";
import { AUTH_MESSAGES, AUTH_UI_TEXTS, loginErrorMessage, type TLoginForm, ZLoginFormSchema } from "@mailsmith/shared";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { PasswordField } from "@/components/ui/field";
import { paths } from "@/config/paths";
import { authClient } from "@/lib/auth-client";
import { useDocumentTitle } from "@/lib/use-document-title";
import { takeSignOutReason } from "../api/me";
import { AuthScreen, EmailField } from "../components/auth-form";
import { useAuthForm } from "../hooks/use-auth-form";

const benefits = [
  AUTH_UI_TEXTS.loginPage.accessYourPersonalizedDashboard,
  AUTH_UI_TEXTS.loginPage.saveYourPreferencesAndTemplates,
  AUTH_UI_TEXTS.loginPage.trackYourProgressAndCredits,
  "24/7 support from our team",
];

export function LoginPage() {
  useDocumentTitle(AUTH_UI_TEXTS.loginPage.loginWelcomeBack);
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
    <AuthScreen
      texts={AUTH_UI_TEXTS.loginPage}
      benefits={benefits}
      error={formError}
      onSubmit={onSubmit}
      submitting={isSubmitting}
      callbackURL={callbackURL}
      onGoogleError={showError}
      switchTo={paths.register}
      switchState={originState}
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
          {AUTH_UI_TEXTS.loginPage.forgotPassword}
        </Link>
      </div>
    </AuthScreen>
  );
}
