import { zodResolver } from "@hookform/resolvers/zod";
import {
  DEFAULT_EMAIL_LANGUAGE,
  EMAIL_LANGUAGES,
  type EmailLanguage,
  PROFILE_MESSAGES,
  PROFILE_UI_TEXTS,
  type TProfileForm,
  type TUser,
  ZProfileFormSchema,
} from "@mailsmith/shared";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { SelectField, TextAreaField, TextField } from "@/components/ui/field";
import { ApiError } from "@/lib/api-client";
import { useUpdateProfile } from "../api/update-profile";

const toForm = (u: TUser): TProfileForm => ({
  userName: u.userName,
  aboutMe: u.aboutMe,
  address: u.address,
  city: u.city,
  country: u.country,
  phone: u.phone,
  language: (EMAIL_LANGUAGES as readonly string[]).includes(u.language)
    ? (u.language as EmailLanguage)
    : DEFAULT_EMAIL_LANGUAGE,
});

/**
 * Personal Information: Full Name, Email Address (read-only), About Me, Address, Phone Number, City, Country, and the
 * language of the member's emails (their `lang` when the text is too short to tell).
 */
export function ProfileForm({ user }: { user: TUser }) {
  const update = useUpdateProfile();
  const form = useForm<TProfileForm>({ resolver: zodResolver(ZProfileFormSchema), defaultValues: toForm(user) });
  const { reset } = form;
  useEffect(() => {
    reset(toForm(user), { keepDirtyValues: true });
  }, [user, reset]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ userId: user._id, body: { ...values, profileURL: user.profileURL } });
      toast.success(PROFILE_MESSAGES.profileUpdated);
    } catch (err) {
      toast.error(
        err instanceof ApiError && err.status > 0
          ? PROFILE_MESSAGES.profileUpdateFailedWith(err.message)
          : PROFILE_MESSAGES.profileUpdateError,
      );
    }
  });
  const e = form.formState.errors;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="personal-info-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="personal-info-heading" className="text-lg font-semibold text-slate-900">
        {PROFILE_UI_TEXTS.personalInfo}
      </h2>
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <TextField
          label={PROFILE_UI_TEXTS.fullName}
          autoComplete="name"
          error={e.userName?.message}
          {...form.register("userName")}
        />
        <TextField
          label={PROFILE_UI_TEXTS.email}
          type="email"
          value={user.email}
          readOnly
          aria-readonly="true"
          hint={PROFILE_MESSAGES.emailReadOnly}
        />
        <TextAreaField
          label={PROFILE_UI_TEXTS.aboutMe}
          rows={4}
          className="sm:col-span-2"
          error={e.aboutMe?.message}
          {...form.register("aboutMe")}
        />
        <TextField
          label={PROFILE_UI_TEXTS.address}
          autoComplete="street-address"
          error={e.address?.message}
          {...form.register("address")}
        />
        <TextField
          label={PROFILE_UI_TEXTS.phone}
          type="tel"
          autoComplete="tel"
          error={e.phone?.message}
          {...form.register("phone")}
        />
        <TextField
          label={PROFILE_UI_TEXTS.city}
          autoComplete="address-level2"
          error={e.city?.message}
          {...form.register("city")}
        />
        <TextField
          label={PROFILE_UI_TEXTS.country}
          autoComplete="country-name"
          error={e.country?.message}
          {...form.register("country")}
        />
        <SelectField
          label={PROFILE_UI_TEXTS.language}
          hint={PROFILE_UI_TEXTS.languageHint}
          className="sm:col-span-2"
          error={e.language?.message}
          {...form.register("language")}
        >
          {EMAIL_LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {PROFILE_UI_TEXTS.languageNames[code]}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="mt-6 flex justify-end">
        <Button type="submit" loading={update.isPending}>
          {update.isPending ? PROFILE_UI_TEXTS.saving : PROFILE_UI_TEXTS.save}
        </Button>
      </div>
    </form>
  );
}
