import { zodResolver } from "@hookform/resolvers/zod";
import {
  CONTENT_ADMIN_TEXTS,
  CONTENT_ICON_CLASSES,
  CONTENT_UI_TEXTS,
  DEFAULT_CONTACT_ENTRY_ICON,
  type TContactPage,
  type TContactPageContent,
  type TContactPageInput,
  ZContactPageInputSchema,
} from "@mailsmith/shared";
import { useState } from "react";
import { useFieldArray } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EditorFrame, useEditor } from "@/components/ui/editor-frame";
import { TextAreaField, TextField } from "@/components/ui/field";
import { ApiError } from "@/lib/api-client";
import { useContactPage, useResetContactPage, useSaveContactPage } from "../../api/contact-page";
import { ContentIcon } from "../content-icon";
import { ContentImage } from "../content-image";
import { ContactDetails, ContactIllustration } from "../landing/contact-section";
import { CheckboxField, FieldGroup, FormRows, SelectField } from "./admin-ui";

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

/** The contact section of the landing page and the /contact page; its notices stay on the page (spec). */
export function ContactPagePanel() {
  const page = useContactPage();
  const save = useSaveContactPage();
  const reset = useResetContactPage();
  const [notice, setNotice] = useState<Notice>(null);
  const editor = useEditor({
    query: page,
    data: page.data,
    toForm,
    resolver: zodResolver(ZContactPageInputSchema),
    save: async (body) => {
      await save.mutateAsync(body);
      return T.updated;
    },
    saveError: (err) => failure(err, T.updateFailed, T.updateError),
    resetToDefault: {
      confirm: CONTENT_ADMIN_TEXTS.notice.resetConfirm,
      run: async () => {
        await reset.mutateAsync(undefined);
        return T.reset;
      },
      error: (err) => failure(err, T.resetFailed, T.resetError),
    },
    notify: (tone, text) => setNotice({ tone, text }),
  });
  const { register, control, watch } = editor.form;
  const { errors } = editor.form.formState;
  const entries = useFieldArray({ control, name: "contactInfo" });

  return (
    <EditorFrame
      editor={editor}
      title={T.heading}
      description={CONTENT_UI_TEXTS.contactPagePanel.theContactSectionOfThe}
      loadErrorTitle={T.loadError}
      intro={notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      preview={(values) => {
        const content = values as TContactPageContent;
        return (
          <div className="grid gap-12 p-6 lg:grid-cols-2">
            <div>
              <ContactDetails data={content} headingId="contact-preview-title" />
            </div>
            {content.imageUrl && <ContactIllustration url={content.imageUrl} />}
          </div>
        );
      }}
    >
      <FieldGroup title={CONTENT_UI_TEXTS.contactPagePanel.content}>
        <TextField
          label={CONTENT_UI_TEXTS.contactPagePanel.title}
          {...register("title")}
          error={errors.title?.message}
        />
        <TextField
          label={CONTENT_UI_TEXTS.contactPagePanel.subtitle}
          {...register("subtitle")}
          error={errors.subtitle?.message}
        />
        <TextAreaField label={CONTENT_UI_TEXTS.contactPagePanel.description} rows={2} {...register("description")} />
        <div className="grid items-start gap-4 sm:grid-cols-[1fr_auto]">
          <TextField
            label={CONTENT_UI_TEXTS.contactPagePanel.imageUrl}
            type="url"
            {...register("imageUrl")}
            error={errors.imageUrl?.message}
          />
          <ContentImage
            src={watch("imageUrl")}
            alt=""
            className="h-24 w-32 max-w-[200px] rounded-md bg-slate-100 object-cover"
          />
        </div>
        <CheckboxField label={CONTENT_UI_TEXTS.contactPagePanel.active} {...register("isActive")} />
      </FieldGroup>
      <FieldGroup
        title={CONTENT_UI_TEXTS.contactPagePanel.contactEntries}
        actions={
          <Button
            variant="secondary"
            className="px-3 py-1.5"
            onClick={() => entries.append({ type: "phone", icon: DEFAULT_CONTACT_ENTRY_ICON, value: "", label: "" })}
          >
            {CONTENT_UI_TEXTS.contactPagePanel.addContactEntry}
          </Button>
        }
      >
        {entries.fields.length === 0 && (
          <p className="text-sm text-slate-600">{CONTENT_UI_TEXTS.contactPagePanel.noContactEntriesYet}</p>
        )}
        <FormRows
          rows={entries.fields}
          grid="sm:grid-cols-2 lg:grid-cols-[8rem_12rem_1fr_1fr_auto]"
          removeLabel={(i) => CONTENT_UI_TEXTS.contactPagePanel.removeEntry(i + 1)}
          onRemove={entries.remove}
        >
          {(i) => (
            <>
              <SelectField label={CONTENT_UI_TEXTS.contactPagePanel.type} {...register(`contactInfo.${i}.type`)}>
                <option value="phone">{CONTENT_UI_TEXTS.contactPagePanel.phone}</option>
                <option value="email">{CONTENT_UI_TEXTS.contactPagePanel.email}</option>
              </SelectField>
              <SelectField
                label={CONTENT_UI_TEXTS.contactPagePanel.icon}
                before={
                  <ContentIcon
                    name={watch(`contactInfo.${i}.icon`) ?? ""}
                    className="h-5 w-5 shrink-0 text-brand-700"
                  />
                }
                {...register(`contactInfo.${i}.icon`)}
              >
                {CONTENT_ICON_CLASSES.map((c) => (
                  <option key={c} value={c}>
                    {c.replace("icon-", "")}
                  </option>
                ))}
              </SelectField>
              <TextField
                label={CONTENT_UI_TEXTS.contactPagePanel.value}
                {...register(`contactInfo.${i}.value`)}
                error={errors.contactInfo?.[i]?.value?.message}
              />
              <TextField label={CONTENT_UI_TEXTS.contactPagePanel.label} {...register(`contactInfo.${i}.label`)} />
            </>
          )}
        </FormRows>
      </FieldGroup>
    </EditorFrame>
  );
}
