import { zodResolver } from "@hookform/resolvers/zod";
import {
  CONTENT_ADMIN_TEXTS,
  CONTENT_ICON_CLASSES,
  DEFAULT_CONTACT_ENTRY_ICON,
  type TContactPage,
  type TContactPageInput,
  ZContactPageInputSchema,
} from "@mailsmith/shared";
import { useEffect, useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DirtyNote, useUnsavedChanges } from "@/components/ui/editor-frame";
import { inputClasses, TextAreaField, TextField } from "@/components/ui/field";
import { ApiError } from "@/lib/api-client";
import { useContactPage, useResetContactPage, useSaveContactPage } from "../../api/contact-page";
import { ContentIcon } from "../content-icon";
import { ContentImage } from "../content-image";
import { CheckboxField, FieldGroup, PanelHeader, PanelLoading, useConfirm } from "./admin-ui";

const T = CONTENT_ADMIN_TEXTS.contactPage;

const toForm = (p: TContactPage | null | undefined): TContactPageInput => ({
  title: p?.title ?? "",
  subtitle: p?.subtitle ?? "",
  description: p?.description ?? "",
  imageUrl: p?.imageUrl ?? "",
  isActive: p?.isActive ?? true,
  contactInfo: p?.contactInfo ?? [],
});

type Notice = { tone: "success" | "error"; text: string } | null;

/** The server's refusal as "Failed to … : {message}", a network problem as "Error … contact page" (spec). */
function failure(err: unknown, failed: (m: string) => string, generic: string): string {
  return err instanceof ApiError && err.status > 0 ? failed(err.message) : generic;
}

export function ContactPagePanel() {
  const page = useContactPage();
  const save = useSaveContactPage();
  const reset = useResetContactPage();
  const [confirm, confirmDialog] = useConfirm();
  const [notice, setNotice] = useState<Notice>(null);
  const form = useForm<TContactPageInput>({
    resolver: zodResolver(ZContactPageInputSchema),
    defaultValues: toForm(null),
  });
  const leaveDialog = useUnsavedChanges(form.formState.isDirty && !save.isPending);
  const entries = useFieldArray({ control: form.control, name: "contactInfo" });
  const { errors } = form.formState;
  const loaded = page.data;
  useEffect(() => {
    if (page.isSuccess) form.reset(toForm(loaded));
  }, [page.isSuccess, loaded, form]);

  if (page.isPending) return <PanelLoading />;
  const imageUrl = form.watch("imageUrl");
  const busy = save.isPending || reset.isPending;

  const onSave = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
      setNotice({ tone: "success", text: T.updated });
    } catch (err) {
      setNotice({ tone: "error", text: failure(err, T.updateFailed, T.updateError) });
    }
  });
  const onReset = async () => {
    if (!(await confirm(CONTENT_ADMIN_TEXTS.notice.resetConfirm, { confirmLabel: "Reset to Default", danger: true })))
      return;
    try {
      await reset.mutateAsync(undefined);
      setNotice({ tone: "success", text: T.reset });
    } catch (err) {
      setNotice({ tone: "error", text: failure(err, T.resetFailed, T.resetError) });
    }
  };

  return (
    <div className="space-y-6">
      {confirmDialog}
      {leaveDialog}
      <PanelHeader title={T.heading} description="The contact section of the landing page and the /contact page." />
      {page.isError && <Alert tone="error">{page.error.message}</Alert>}
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <form onSubmit={onSave} noValidate className="space-y-5">
        <FieldGroup title="Content">
          <TextField label="Title" {...form.register("title")} error={errors.title?.message} />
          <TextField label="Subtitle" {...form.register("subtitle")} error={errors.subtitle?.message} />
          <TextAreaField label="Description" rows={2} {...form.register("description")} />
          <div className="grid items-start gap-4 sm:grid-cols-[1fr_auto]">
            <TextField label="Image URL" type="url" {...form.register("imageUrl")} error={errors.imageUrl?.message} />
            <ContentImage
              src={imageUrl}
              alt=""
              className="h-24 w-32 max-w-[200px] rounded-md bg-slate-100 object-cover"
            />
          </div>
          <CheckboxField label="Active" {...form.register("isActive")} />
        </FieldGroup>
        <FieldGroup
          title="Contact entries"
          actions={
            <Button
              variant="secondary"
              className="px-3 py-1.5"
              onClick={() => entries.append({ type: "phone", icon: DEFAULT_CONTACT_ENTRY_ICON, value: "", label: "" })}
            >
              Add Contact Entry
            </Button>
          }
        >
          {entries.fields.length === 0 && <p className="text-sm text-slate-600">No contact entries yet.</p>}
          <ul className="space-y-3">
            {entries.fields.map((field, i) => (
              <li
                key={field.id}
                className="grid items-start gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2 lg:grid-cols-[8rem_10rem_1fr_1fr_auto]"
              >
                <div>
                  <label htmlFor={`entry-${i}-type`} className="mb-1.5 block text-sm font-medium text-slate-700">
                    Type
                  </label>
                  <select id={`entry-${i}-type`} className={inputClasses()} {...form.register(`contactInfo.${i}.type`)}>
                    <option value="phone">Phone</option>
                    <option value="email">Email</option>
                  </select>
                </div>
                <div>
                  <label htmlFor={`entry-${i}-icon`} className="mb-1.5 block text-sm font-medium text-slate-700">
                    Icon
                  </label>
                  <div className="flex items-center gap-2">
                    <ContentIcon name={form.watch(`contactInfo.${i}.icon`) ?? ""} className="h-5 w-5 text-brand-700" />
                    <select
                      id={`entry-${i}-icon`}
                      className={inputClasses()}
                      {...form.register(`contactInfo.${i}.icon`)}
                    >
                      {CONTENT_ICON_CLASSES.map((c) => (
                        <option key={c} value={c}>
                          {c.replace("icon-", "")}
                        </option>
                      ))}
                    </select>
                  </div>
                </div>
                <TextField
                  label="Value"
                  {...form.register(`contactInfo.${i}.value`)}
                  error={errors.contactInfo?.[i]?.value?.message}
                />
                <TextField label="Label" {...form.register(`contactInfo.${i}.label`)} />
                <Button
                  variant="dangerGhost"
                  className="lg:mt-6"
                  onClick={() => entries.remove(i)}
                  aria-label={`Remove contact entry ${i + 1}`}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        </FieldGroup>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onReset} disabled={busy}>
            Reset to Default
          </Button>
          <DirtyNote dirty={form.formState.isDirty} />
          <Button type="submit" loading={save.isPending} disabled={busy}>
            {save.isPending ? "Saving..." : "Save Changes"}
          </Button>
        </div>
      </form>
    </div>
  );
}
