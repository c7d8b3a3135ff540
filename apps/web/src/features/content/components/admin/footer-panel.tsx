import { zodResolver } from "@hookform/resolvers/zod";
import {
  CONTENT_ADMIN_TEXTS,
  CONTENT_UI_TEXTS,
  EDITOR_TEXTS,
  SOCIAL_PLATFORMS,
  type TFooter,
  type TFooterInput,
  ZFooterInputSchema,
} from "@mailsmith/shared";
import { Controller, useFieldArray } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { EditorFrame, useEditor } from "@/components/ui/editor-frame";
import { TextAreaField, TextField } from "@/components/ui/field";
import { errorMessage } from "@/lib/api-client";
import { useFooter, useResetFooter, useSaveFooter } from "../../api/footer";
import { ContentIcon } from "../content-icon";
import { FooterView } from "../site-footer";
import { CheckboxField, FieldGroup, FormRows, SelectField, Switch } from "./admin-ui";

const T = CONTENT_ADMIN_TEXTS.footer;

const toForm = (f: TFooter | null | undefined): TFooterInput => ({
  isActive: f?.isActive ?? true,
  topSection: { logoText: f?.topSection.logoText ?? "", socialLinks: f?.topSection.socialLinks ?? [] },
  middleSection: {
    logoUrl: f?.middleSection.logoUrl ?? "",
    description: f?.middleSection.description ?? "",
    quickLinks: f?.middleSection.quickLinks ?? [],
    contactInfo: { email: "", phone: "", address: "", ...f?.middleSection.contactInfo },
  },
  bottomSection: { copyrightText: f?.bottomSection.copyrightText ?? "" },
});

const platformLabel = (p: string) => (p === "x" ? "X (Twitter)" : p.charAt(0).toUpperCase() + p.slice(1));

/** Social links, logo, description, quick links, contact details and copyright of every public page. */
export function FooterPanel() {
  const footer = useFooter();
  const save = useSaveFooter();
  const reset = useResetFooter();
  const editor = useEditor({
    query: footer,
    data: footer.data,
    toForm,
    resolver: zodResolver(ZFooterInputSchema),
    save: async (body) => {
      await save.mutateAsync(body);
      return T.updated;
    },
    saveError: (err) => T.error(errorMessage(err, T.updateFailed)),
    invalid: () => T.error(EDITOR_TEXTS.checkFields),
    resetToDefault: {
      confirm: CONTENT_ADMIN_TEXTS.notice.resetConfirm,
      run: async () => {
        await reset.mutateAsync(undefined);
        return T.reset;
      },
      error: (err) => T.error(errorMessage(err, T.resetFailed)),
    },
  });
  const { form } = editor;
  const { register, control, watch } = form;
  const { errors } = form.formState;
  const social = useFieldArray({ control, name: "topSection.socialLinks" });
  const links = useFieldArray({ control, name: "middleSection.quickLinks" });

  return (
    <EditorFrame
      editor={editor}
      title={T.heading}
      description={CONTENT_UI_TEXTS.footerPanel.socialLinksLogoDescriptionQuick}
      loadErrorTitle={T.error(T.fetchFailed)}
      empty={
        footer.data ? undefined : (
          <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600">
            {T.noData}
          </p>
        )
      }
      preview={(values) =>
        footer.data && <FooterView footer={{ ...footer.data, ...(values as TFooter), isActive: true }} />
      }
    >
      <Controller
        control={control}
        name="isActive"
        render={({ field }) => (
          <Switch
            checked={Boolean(field.value)}
            onChange={field.onChange}
            label={CONTENT_UI_TEXTS.footerPanel.footerActiveShownOnPublic}
          />
        )}
      />
      <FieldGroup
        title={CONTENT_UI_TEXTS.footerPanel.topSection}
        actions={
          <Button
            variant="secondary"
            className="px-3 py-1.5"
            onClick={() => social.append({ platform: "website", url: "", isActive: true })}
          >
            {CONTENT_UI_TEXTS.footerPanel.addSocialLink}
          </Button>
        }
      >
        <TextField label={CONTENT_UI_TEXTS.footerPanel.logoText} {...register("topSection.logoText")} />
        <FormRows
          rows={social.fields}
          grid="sm:grid-cols-[12rem_1fr_auto_auto]"
          removeLabel={(i) => CONTENT_UI_TEXTS.footerPanel.removeSocialLink(i + 1)}
          onRemove={social.remove}
        >
          {(i) => (
            <>
              <SelectField
                label={CONTENT_UI_TEXTS.footerPanel.platform}
                before={
                  <ContentIcon
                    name={watch(`topSection.socialLinks.${i}.platform`) ?? "website"}
                    className="h-5 w-5 shrink-0 text-slate-600"
                  />
                }
                {...register(`topSection.socialLinks.${i}.platform`)}
              >
                {SOCIAL_PLATFORMS.map((p) => (
                  <option key={p} value={p}>
                    {platformLabel(p)}
                  </option>
                ))}
              </SelectField>
              <TextField
                label={CONTENT_UI_TEXTS.footerPanel.url}
                type="url"
                {...register(`topSection.socialLinks.${i}.url`)}
                error={errors.topSection?.socialLinks?.[i]?.url?.message}
              />
              <div className="pb-2.5">
                <CheckboxField
                  label={CONTENT_UI_TEXTS.footerPanel.active}
                  {...register(`topSection.socialLinks.${i}.isActive`)}
                />
              </div>
            </>
          )}
        </FormRows>
      </FieldGroup>
      <FieldGroup title={CONTENT_UI_TEXTS.footerPanel.footerSection}>
        <TextField
          label={CONTENT_UI_TEXTS.footerPanel.logoUrl}
          type="url"
          {...register("middleSection.logoUrl")}
          error={errors.middleSection?.logoUrl?.message}
        />
        <TextAreaField
          label={CONTENT_UI_TEXTS.footerPanel.description}
          rows={3}
          {...register("middleSection.description")}
        />
        <div className="space-y-3">
          <div className="flex items-center justify-between">
            <h3 className="text-sm font-semibold text-slate-900">{CONTENT_UI_TEXTS.footerPanel.quickLinks}</h3>
            <Button
              variant="secondary"
              className="px-3 py-1.5"
              onClick={() => links.append({ text: "", url: "", isActive: true })}
            >
              {CONTENT_UI_TEXTS.footerPanel.addQuickLink}
            </Button>
          </div>
          <FormRows
            rows={links.fields}
            grid="sm:grid-cols-[1fr_1fr_auto_auto]"
            removeLabel={(i) => CONTENT_UI_TEXTS.footerPanel.removeQuickLink(i + 1)}
            onRemove={links.remove}
          >
            {(i) => (
              <>
                <TextField
                  label={CONTENT_UI_TEXTS.footerPanel.linkText}
                  {...register(`middleSection.quickLinks.${i}.text`)}
                  error={errors.middleSection?.quickLinks?.[i]?.text?.message}
                />
                <TextField
                  label={CONTENT_UI_TEXTS.footerPanel.linkUrl}
                  type="url"
                  {...register(`middleSection.quickLinks.${i}.url`)}
                  error={errors.middleSection?.quickLinks?.[i]?.url?.message}
                />
                <div className="pb-2.5">
                  <CheckboxField
                    label={CONTENT_UI_TEXTS.footerPanel.active}
                    {...register(`middleSection.quickLinks.${i}.isActive`)}
                  />
                </div>
              </>
            )}
          </FormRows>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={CONTENT_UI_TEXTS.footerPanel.contactEmail}
            type="email"
            {...register("middleSection.contactInfo.email")}
            error={errors.middleSection?.contactInfo?.email?.message}
          />
          <TextField
            label={CONTENT_UI_TEXTS.footerPanel.contactPhone}
            type="tel"
            {...register("middleSection.contactInfo.phone")}
          />
        </div>
        <TextField
          label={CONTENT_UI_TEXTS.footerPanel.contactAddress}
          {...register("middleSection.contactInfo.address")}
        />
      </FieldGroup>
      <FieldGroup title={CONTENT_UI_TEXTS.footerPanel.bottomSection}>
        <TextField label={CONTENT_UI_TEXTS.footerPanel.copyrightText} {...register("bottomSection.copyrightText")} />
      </FieldGroup>
    </EditorFrame>
  );
}
