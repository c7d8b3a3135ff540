import { zodResolver } from "@hookform/resolvers/zod";
import {
  CONTENT_ADMIN_TEXTS,
  SOCIAL_PLATFORMS,
  type TFooter,
  type TFooterInput,
  ZFooterInputSchema,
} from "@mailsmith/shared";
import { useEffect } from "react";
import { Controller, useFieldArray, useForm } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { DirtyNote, useUnsavedChanges } from "@/components/ui/editor-frame";
import { inputClasses, TextAreaField, TextField } from "@/components/ui/field";
import { errorMessage } from "@/lib/api-client";
import { useFooter, useResetFooter, useSaveFooter } from "../../api/footer";
import { ContentIcon } from "../content-icon";
import { CheckboxField, FieldGroup, PanelHeader, PanelLoadError, PanelLoading, Switch, useConfirm } from "./admin-ui";

const T = CONTENT_ADMIN_TEXTS.footer;

const toForm = (f: TFooter): TFooterInput => ({
  isActive: f.isActive,
  topSection: { logoText: f.topSection.logoText, socialLinks: f.topSection.socialLinks },
  middleSection: {
    logoUrl: f.middleSection.logoUrl,
    description: f.middleSection.description,
    quickLinks: f.middleSection.quickLinks,
    contactInfo: { ...f.middleSection.contactInfo },
  },
  bottomSection: { copyrightText: f.bottomSection.copyrightText },
});

function FooterForm({ footer }: { footer: TFooter }) {
  const save = useSaveFooter();
  const reset = useResetFooter();
  const [confirm, confirmDialog] = useConfirm();
  const form = useForm<TFooterInput>({ resolver: zodResolver(ZFooterInputSchema), defaultValues: toForm(footer) });
  const leaveDialog = useUnsavedChanges(form.formState.isDirty && !save.isPending);
  const social = useFieldArray({ control: form.control, name: "topSection.socialLinks" });
  const links = useFieldArray({ control: form.control, name: "middleSection.quickLinks" });
  const { errors } = form.formState;
  useEffect(() => form.reset(toForm(footer)), [footer, form]);
  const busy = save.isPending || reset.isPending;

  const onSave = form.handleSubmit(
    async (body) => {
      try {
        await save.mutateAsync(body);
        toast.success(T.updated);
      } catch (err) {
        toast.error(T.error(errorMessage(err, T.updateFailed)));
      }
    },
    () => toast.error(T.error("Please check the highlighted fields")),
  );
  const onReset = async () => {
    if (!(await confirm(CONTENT_ADMIN_TEXTS.notice.resetConfirm, { confirmLabel: "Reset to Default", danger: true })))
      return;
    try {
      await reset.mutateAsync(undefined);
      toast.success(T.reset);
    } catch (err) {
      toast.error(T.error(errorMessage(err, T.resetFailed)));
    }
  };

  return (
    <form onSubmit={onSave} noValidate className="space-y-5">
      {confirmDialog}
      {leaveDialog}
      <Controller
        control={form.control}
        name="isActive"
        render={({ field }) => (
          <Switch
            checked={Boolean(field.value)}
            onChange={field.onChange}
            label="Footer active (shown on public pages)"
          />
        )}
      />
      <FieldGroup
        title="Top Section"
        actions={
          <Button
            variant="secondary"
            className="px-3 py-1.5"
            onClick={() => social.append({ platform: "website", url: "", isActive: true })}
          >
            Add Social Link
          </Button>
        }
      >
        <TextField label="Logo text" {...form.register("topSection.logoText")} />
        <ul className="space-y-3">
          {social.fields.map((field, i) => (
            <li
              key={field.id}
              className="grid items-start gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[10rem_1fr_auto_auto]"
            >
              <div>
                <label htmlFor={`social-${i}-platform`} className="mb-1.5 block text-sm font-medium text-slate-700">
                  Platform
                </label>
                <div className="flex items-center gap-2">
                  <ContentIcon
                    name={form.watch(`topSection.socialLinks.${i}.platform`) ?? "website"}
                    className="h-5 w-5 text-slate-600"
                  />
                  <select
                    id={`social-${i}-platform`}
                    className={inputClasses()}
                    {...form.register(`topSection.socialLinks.${i}.platform`)}
                  >
                    {SOCIAL_PLATFORMS.map((p) => (
                      <option key={p} value={p}>
                        {p === "x" ? "X (Twitter)" : p.charAt(0).toUpperCase() + p.slice(1)}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
              <TextField
                label="URL"
                type="url"
                {...form.register(`topSection.socialLinks.${i}.url`)}
                error={errors.topSection?.socialLinks?.[i]?.url?.message}
              />
              <div className="sm:pt-8">
                <CheckboxField label="Active" {...form.register(`topSection.socialLinks.${i}.isActive`)} />
              </div>
              <Button
                variant="dangerGhost"
                className="sm:mt-6"
                onClick={() => social.remove(i)}
                aria-label={`Remove social link ${i + 1}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      </FieldGroup>
      <FieldGroup title="Footer Section">
        <TextField
          label="Logo URL"
          type="url"
          {...form.register("middleSection.logoUrl")}
          error={errors.middleSection?.logoUrl?.message}
        />
        <TextAreaField label="Description" rows={3} {...form.register("middleSection.description")} />
        <div className="space-y-3">
          <div className="flex items-center justify-between">
            <h3 className="text-sm font-semibold text-slate-900">Quick Links</h3>
            <Button
              variant="secondary"
              className="px-3 py-1.5"
              onClick={() => links.append({ text: "", url: "", isActive: true })}
            >
              Add Quick Link
            </Button>
          </div>
          <ul className="space-y-3">
            {links.fields.map((field, i) => (
              <li
                key={field.id}
                className="grid items-start gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_auto_auto]"
              >
                <TextField
                  label="Link text"
                  {...form.register(`middleSection.quickLinks.${i}.text`)}
                  error={errors.middleSection?.quickLinks?.[i]?.text?.message}
                />
                <TextField
                  label="Link URL"
                  type="url"
                  {...form.register(`middleSection.quickLinks.${i}.url`)}
                  error={errors.middleSection?.quickLinks?.[i]?.url?.message}
                />
                <div className="sm:pt-8">
                  <CheckboxField label="Active" {...form.register(`middleSection.quickLinks.${i}.isActive`)} />
                </div>
                <Button
                  variant="dangerGhost"
                  className="sm:mt-6"
                  onClick={() => links.remove(i)}
                  aria-label={`Remove quick link ${i + 1}`}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Contact email"
            type="email"
            {...form.register("middleSection.contactInfo.email")}
            error={errors.middleSection?.contactInfo?.email?.message}
          />
          <TextField label="Contact phone" type="tel" {...form.register("middleSection.contactInfo.phone")} />
        </div>
        <TextField label="Contact address" {...form.register("middleSection.contactInfo.address")} />
      </FieldGroup>
      <FieldGroup title="Bottom Section">
        <TextField label="Copyright Text" {...form.register("bottomSection.copyrightText")} />
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
  );
}

export function FooterPanel() {
  const footer = useFooter();
  const reset = useResetFooter();
  if (footer.isPending) return <PanelLoading />;
  if (footer.isError) return <PanelLoadError title={T.error(T.fetchFailed)} message={footer.error.message} />;
  return (
    <div className="space-y-6">
      <PanelHeader
        title={T.heading}
        description="Social links, logo, description, quick links, contact details and copyright."
      />
      {footer.data ? (
        <FooterForm footer={footer.data} />
      ) : (
        <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
          <p className="text-sm text-slate-600">{T.noData}</p>
          <Button
            className="mt-4"
            variant="secondary"
            loading={reset.isPending}
            onClick={async () => {
              try {
                await reset.mutateAsync(undefined);
                toast.success(T.reset);
              } catch (err) {
                toast.error(T.error(errorMessage(err, T.resetFailed)));
              }
            }}
          >
            Reset to Default
          </Button>
        </div>
      )}
    </div>
  );
}
