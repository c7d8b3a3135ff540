import { zodResolver } from "@hookform/resolvers/zod";
import {
  AUTH_MESSAGES,
  AUTH_UI_TEXTS,
  registerErrorMessage,
  type TRegisterForm,
  ZRegisterFormSchema,
} from "@mailsmith/shared";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { PasswordField, TextField } from "@/components/ui/field";
import { paths } from "@/config/paths";
import { authClient } from "@/lib/auth-client";
import { useDocumentTitle } from "@/lib/use-document-title";
import { usePublicConfig } from "../api/me";
import { AuthScreen, EmailField } from "../components/auth-form";
import { useAuthForm } from "../hooks/use-auth-form";

export function RegisterPage() {
  useDocumentTitle(AUTH_UI_TEXTS.registerPage.registerJoinOurAiProduct);
  const config = usePublicConfig();
  const { formError, setFormError, showError, finishSignIn, callbackURL, originState } = useAuthForm();
  const form = useForm<TRegisterForm>({
    resolver: zodResolver(ZRegisterFormSchema),
    defaultValues: { name: "", email: "", password: "", confirmPassword: "", terms: false as unknown as true },
  });
  const { isSubmitting, errors } = form.formState;
  const bonus = config.data?.signupBonusCredits ?? 3;
  const benefits = [
    AUTH_UI_TEXTS.registerPage.freeCreditsBenefit(bonus),
    AUTH_UI_TEXTS.registerPage.turnDesignImagesIntoResponsive,
    AUTH_UI_TEXTS.registerPage.templatesThatRenderInGmail,
    AUTH_UI_TEXTS.registerPage.keepEveryTemplateYouGenerate,
  ];

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { error } = await authClient.signUp.email({
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
      });
      if (error) return showError(registerErrorMessage(error.code));
    } catch {
      return showError(AUTH_MESSAGES.network);
    }
    await finishSignIn();
  });

  return (
    <AuthScreen
      texts={AUTH_UI_TEXTS.registerPage}
      benefits={benefits}
      error={formError}
      onSubmit={onSubmit}
      submitting={isSubmitting}
      callbackURL={callbackURL}
      onGoogleError={showError}
      switchTo={paths.login}
      switchState={originState}
    >
      <TextField
        label={AUTH_UI_TEXTS.registerPage.fullName}
        autoComplete="name"
        placeholder={AUTH_UI_TEXTS.registerPage.janeDoe}
        error={errors.name?.message}
        {...form.register("name")}
      />
      <EmailField error={errors.email?.message} {...form.register("email")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <PasswordField
          label={AUTH_UI_TEXTS.registerPage.password}
          autoComplete="new-password"
          placeholder={AUTH_UI_TEXTS.registerPage.atLeast6Characters}
          hint={AUTH_MESSAGES.passwordRules}
          error={errors.password?.message}
          {...form.register("password")}
        />
        <PasswordField
          label={AUTH_UI_TEXTS.registerPage.confirmPassword}
          autoComplete="new-password"
          placeholder={AUTH_UI_TEXTS.registerPage.repeatPassword}
          error={errors.confirmPassword?.message}
          {...form.register("confirmPassword")}
        />
      </div>
      <div>
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-600"
            aria-invalid={errors.terms ? true : undefined}
            {...form.register("terms")}
          />
          <span>
            {AUTH_UI_TEXTS.registerPage.iAgreeToThe}{" "}
            <Link to={paths.terms} target="_blank" className="font-medium text-brand-700 underline">
              {AUTH_UI_TEXTS.registerPage.termsOfService}
            </Link>{" "}
            {AUTH_UI_TEXTS.registerPage.and}{" "}
            <Link to={paths.privacy} target="_blank" className="font-medium text-brand-700 underline">
              {AUTH_UI_TEXTS.registerPage.privacyPolicy}
            </Link>
          </span>
        </label>
        {errors.terms && <p className="mt-1 text-xs text-red-600">{errors.terms.message}</p>}
      </div>
    </AuthScreen>
  );
}
