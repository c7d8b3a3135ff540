import { zodResolver } from "@hookform/resolvers/zod";
import {
  AUTH_MESSAGES,
  AUTH_UI_TEXTS,
  resetErrorMessage,
  type TNewPasswordForm,
  type TResetRequestForm,
  ZNewPasswordFormSchema,
  ZResetRequestFormSchema,
} from "@mailsmith/shared";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { paths } from "@/config/paths";
import { ApiError, api } from "@/lib/api-client";
import { authClient } from "@/lib/auth-client";
import { useDocumentTitle } from "@/lib/use-document-title";
import { AuthForm, EmailField } from "../components/auth-form";

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="flex min-h-[calc(100vh-4rem)] items-center justify-center bg-gradient-to-br from-brand-50 via-white to-sky-50 px-4 py-10">
      <div className="w-full max-w-md rounded-3xl bg-white p-8 shadow-xl ring-1 ring-slate-200">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <div className="mt-5">{children}</div>
      </div>
    </div>
  );
}

function RequestForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TResetRequestForm>({
    resolver: zodResolver(ZResetRequestFormSchema),
    defaultValues: { email: "" },
  });
  const { isSubmitting, errors } = form.formState;

  if (sentTo) {
    return (
      <Card title={AUTH_UI_TEXTS.resetPasswordPage.emailSent}>
        <p className="text-sm text-slate-600">
          {AUTH_UI_TEXTS.resetPasswordPage.sentLinkTo}
          <strong className="text-slate-900">{sentTo}</strong>
          {AUTH_UI_TEXTS.resetPasswordPage.sentLinkExpiry}
        </p>
        <p className="mt-3 text-sm text-slate-600">
          {AUTH_UI_TEXTS.resetPasswordPage.didntGetIt}{" "}
          <button
            type="button"
            className="font-semibold text-brand-700 hover:underline"
            onClick={() => setSentTo(null)}
          >
            {AUTH_UI_TEXTS.resetPasswordPage.tryAgain}
          </button>
          .
        </p>
        <Link to={paths.login} className={buttonClasses("primary", "mt-6 w-full")}>
          {AUTH_UI_TEXTS.resetPasswordPage.returnToLogin}
        </Link>
      </Card>
    );
  }

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFormError(null);
    try {
      await api.post("/api/auth/request-password-reset", { email, redirectTo: paths.resetPassword });
      setSentTo(email);
    } catch (err) {
      setFormError(err instanceof ApiError ? resetErrorMessage(err.code) : AUTH_MESSAGES.resetOther);
    }
  });

  return (
    <Card title={AUTH_UI_TEXTS.resetPasswordPage.resetYourPassword}>
      <p className="mb-5 text-sm text-slate-600">{AUTH_UI_TEXTS.resetPasswordPage.enterTheEmailAddressOf}</p>
      <AuthForm
        error={formError}
        onSubmit={onSubmit}
        submitting={isSubmitting}
        submitLabel={AUTH_UI_TEXTS.resetPasswordPage.sendResetLink}
        submittingLabel={AUTH_UI_TEXTS.resetPasswordPage.sending}
      >
        <EmailField error={errors.email?.message} {...form.register("email")} />
      </AuthForm>
      <p className="mt-6 text-center text-sm">
        <Link to={paths.login} className="font-semibold text-brand-700 hover:underline">
          {AUTH_UI_TEXTS.resetPasswordPage.backToLogin}
        </Link>
      </p>
    </Card>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TNewPasswordForm>({
    resolver: zodResolver(ZNewPasswordFormSchema),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const { isSubmitting, errors } = form.formState;

  if (done) {
    return (
      <Card title={AUTH_UI_TEXTS.resetPasswordPage.passwordChanged}>
        <p className="text-sm text-slate-600">{AUTH_MESSAGES.resetDone}</p>
        <Link to={paths.login} className={buttonClasses("primary", "mt-6 w-full")}>
          {AUTH_UI_TEXTS.resetPasswordPage.returnToLogin}
        </Link>
      </Card>
    );
  }

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      const { error } = await authClient.resetPassword({ newPassword: password, token });
      if (error)
        return setFormError(
          error.code === "INVALID_TOKEN" ? AUTH_MESSAGES.resetLinkInvalid : resetErrorMessage(error.code),
        );
      setDone(true);
    } catch {
      setFormError(AUTH_MESSAGES.network);
    }
  });

  return (
    <Card title={AUTH_UI_TEXTS.resetPasswordPage.chooseANewPassword}>
      <AuthForm
        error={formError}
        onSubmit={onSubmit}
        submitting={isSubmitting}
        submitLabel={AUTH_UI_TEXTS.resetPasswordPage.setNewPassword}
        submittingLabel={AUTH_UI_TEXTS.resetPasswordPage.saving}
      >
        <TextField
          label={AUTH_UI_TEXTS.resetPasswordPage.newPassword}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register("password")}
        />
        <TextField
          label={AUTH_UI_TEXTS.resetPasswordPage.confirmPassword}
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register("confirmPassword")}
        />
      </AuthForm>
    </Card>
  );
}

/** /reset-password: the request form, or (from the emailed link) the new-password form. */
export function ResetPasswordPage() {
  useDocumentTitle(AUTH_UI_TEXTS.resetPasswordPage.resetPasswordMailsmith);
  const [params] = useSearchParams();
  const token = params.get("token");
  if (params.get("error")) {
    return (
      <Card title={AUTH_UI_TEXTS.resetPasswordPage.linkExpired}>
        <p className="text-sm text-slate-600">{AUTH_MESSAGES.resetLinkInvalid}</p>
        <Link to={paths.resetPassword} className={buttonClasses("primary", "mt-6 w-full")}>
          {AUTH_UI_TEXTS.resetPasswordPage.requestANewLink}
        </Link>
      </Card>
    );
  }
  return token ? <NewPasswordForm token={token} /> : <RequestForm />;
}
