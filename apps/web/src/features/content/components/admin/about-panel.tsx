import { zodResolver } from "@hookform/resolvers/zod";
import {
  ABOUT_IMAGE_SLOTS,
  CONTENT_ADMIN_TEXTS,
  type TAbout,
  type TAboutInput,
  type TAboutPart,
  ZAboutInputSchema,
} from "@mailsmith/shared";
import { useEffect, useState } from "react";
import { type FieldErrors, type UseFormReturn, useFieldArray, useForm } from "react-hook-form";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DirtyNote, useUnsavedChanges } from "@/components/ui/editor-frame";
import { TextAreaField, TextField } from "@/components/ui/field";
import { errorMessage } from "@/lib/api-client";
import { useAbout, useDeleteAbout, useResetAbout, useSaveAbout, useToggleAbout } from "../../api/about";
import { ContentImage } from "../content-image";
import {
  CheckboxField,
  FieldGroup,
  formatDateTime,
  PanelHeader,
  PanelLoadError,
  PanelLoading,
  StatTile,
  TabPanel,
  Tabs,
  useConfirm,
} from "./admin-ui";

const T = CONTENT_ADMIN_TEXTS.about;
type SectionKey = "section1" | "section2";

const emptyPart = (id: string): TAboutPart => ({
  id,
  isActive: true,
  subtitle: "",
  title: "",
  description: "",
  features: [{ text: "" }],
  buttonText: "",
  buttonLink: "",
  images: [],
});

/** Three image slots by default (spec). */
function withSlots(part: TAboutPart): TAboutPart {
  const images = [...part.images];
  while (images.length < ABOUT_IMAGE_SLOTS) images.push({ url: "", alt: "", animation: "" });
  return { ...part, images };
}

const toForm = (a: TAbout | null | undefined): TAboutInput => ({
  isActive: a?.isActive ?? true,
  section1: withSlots(a?.section1 ?? emptyPart("section1")),
  section2: withSlots(a?.section2 ?? emptyPart("section2")),
});

/** Empty image slots are not saved. */
const cleanPart = (p: TAboutInput["section1"]) => ({
  ...p,
  images: (p.images ?? []).filter((img) => img.url?.trim()),
});

function firstError(errors: FieldErrors<TAboutInput>): { section: SectionKey; message: string } | null {
  for (const section of ["section1", "section2"] as const) {
    const e = errors[section];
    if (!e) continue;
    const message =
      e.title?.message ??
      e.features?.message ??
      e.features?.root?.message ??
      e.description?.message ??
      (Array.isArray(e.features) ? e.features.find((f) => f?.text?.message)?.text?.message : undefined) ??
      "Please check the highlighted fields";
    return { section, message };
  }
  return null;
}

function PartEditor({ form, name }: { form: UseFormReturn<TAboutInput>; name: SectionKey }) {
  const features = useFieldArray({ control: form.control, name: `${name}.features` });
  const errors = form.formState.errors[name];
  const images = form.watch(`${name}.images`) ?? [];
  const featureRootError = errors?.features?.message ?? errors?.features?.root?.message;
  return (
    <div className="space-y-5">
      <CheckboxField
        label={`${name === "section1" ? "Section 1" : "Section 2"} active`}
        {...form.register(`${name}.isActive`)}
      />
      <FieldGroup title="Text">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Subtitle" {...form.register(`${name}.subtitle`)} error={errors?.subtitle?.message} />
          <TextField label="Title" {...form.register(`${name}.title`)} error={errors?.title?.message} />
        </div>
        <TextAreaField
          label="Description"
          rows={4}
          {...form.register(`${name}.description`)}
          error={errors?.description?.message}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Button Text" {...form.register(`${name}.buttonText`)} error={errors?.buttonText?.message} />
          <TextField label="Button Link" {...form.register(`${name}.buttonLink`)} error={errors?.buttonLink?.message} />
        </div>
      </FieldGroup>
      <FieldGroup
        title="Features"
        actions={
          <Button variant="secondary" className="px-3 py-1.5" onClick={() => features.append({ text: "" })}>
            Add Feature
          </Button>
        }
      >
        {featureRootError && (
          <p role="alert" className="text-sm text-red-700">
            {featureRootError}
          </p>
        )}
        <ul className="space-y-3">
          {features.fields.map((field, i) => (
            <li key={field.id} className="flex items-start gap-2">
              <TextField
                className="flex-1"
                label={`Feature ${i + 1}`}
                {...form.register(`${name}.features.${i}.text`)}
                error={errors?.features?.[i]?.text?.message}
              />
              <Button
                variant="dangerGhost"
                className="mt-7 px-2.5"
                onClick={() => features.remove(i)}
                aria-label={`Remove feature ${i + 1}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      </FieldGroup>
      <FieldGroup title="Images">
        <div className="grid gap-4 lg:grid-cols-3">
          {images.map((img, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed image slots
            <div key={i} className="space-y-3 rounded-lg border border-slate-200 p-3">
              <ContentImage
                src={img.url}
                alt=""
                className="aspect-[4/3] w-full max-w-[200px] rounded-md bg-slate-100 object-cover"
              />
              <TextField
                label={`Image ${i + 1} URL`}
                {...form.register(`${name}.images.${i}.url`)}
                error={errors?.images?.[i]?.url?.message}
              />
              <TextField label={`Image ${i + 1} alt text`} {...form.register(`${name}.images.${i}.alt`)} />
            </div>
          ))}
        </div>
      </FieldGroup>
    </div>
  );
}

export function AboutPanel() {
  const about = useAbout();
  const save = useSaveAbout();
  const toggle = useToggleAbout();
  const remove = useDeleteAbout();
  const reset = useResetAbout();
  const [confirm, confirmDialog] = useConfirm();
  const [tab, setTab] = useState<SectionKey>("section1");
  const form = useForm<TAboutInput>({ resolver: zodResolver(ZAboutInputSchema), defaultValues: toForm(null) });
  const leaveDialog = useUnsavedChanges(form.formState.isDirty && !save.isPending);
  const loaded = about.data;
  useEffect(() => {
    if (about.isSuccess) form.reset(toForm(loaded));
  }, [about.isSuccess, loaded, form]);

  if (about.isPending) return <PanelLoading />;
  if (about.isError) return <PanelLoadError title={T.loadError} message={about.error.message} />;

  const active = loaded?.isActive ?? false;
  const busy = save.isPending || toggle.isPending || remove.isPending || reset.isPending;

  const onSave = form.handleSubmit(
    async (values) => {
      try {
        await save.mutateAsync({
          isActive: loaded?.isActive ?? values.isActive,
          section1: cleanPart(values.section1),
          section2: cleanPart(values.section2),
          updatedAt: new Date().toISOString(),
        });
        toast.success(T.updated);
      } catch (err) {
        toast.error(errorMessage(err, T.updateFailed));
      }
    },
    (errors) => {
      const first = firstError(errors);
      if (first) {
        setTab(first.section);
        toast.error(first.message);
      }
    },
  );
  const onToggle = async () => {
    try {
      const res = await toggle.mutateAsync(undefined);
      toast.success(res.data.isActive ? T.activated : T.deactivated);
    } catch (err) {
      toast.error(errorMessage(err, T.toggleFailed));
    }
  };
  const onDelete = async () => {
    if (!(await confirm(T.confirmDeactivate, { confirmLabel: "Deactivate", danger: true }))) return;
    try {
      await remove.mutateAsync(undefined);
      toast.success(T.deleted);
    } catch (err) {
      toast.error(errorMessage(err, T.deleteFailed));
    }
  };
  const onReset = async () => {
    if (!(await confirm(T.confirmReset, { confirmLabel: "Reset to Default", danger: true }))) return;
    try {
      await reset.mutateAsync(undefined);
      toast.success(T.reset);
    } catch (err) {
      toast.error(errorMessage(err, T.resetFailed));
    }
  };

  return (
    <div className="space-y-6">
      {confirmDialog}
      {leaveDialog}
      <PanelHeader
        title={T.heading}
        description="The about block of the landing page (Section 1) and the second block on the About page (Section 2)."
        actions={
          <>
            <Button variant="secondary" onClick={onToggle} disabled={busy || !loaded}>
              {active ? "Deactivate" : "Activate"}
            </Button>
            <Button variant="danger" onClick={onDelete} disabled={busy || !active}>
              Delete About Section
            </Button>
            <Button variant="secondary" onClick={onReset} disabled={busy}>
              Reset to Default
            </Button>
          </>
        }
      />
      <section aria-labelledby="about-status-heading" className="rounded-xl border border-slate-200 p-4">
        <h3 id="about-status-heading" className="text-sm font-semibold text-slate-900">
          {T.statusCard}
        </h3>
        <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
          <StatTile
            label="Status"
            value={<Badge color={active ? "green" : "grey"}>{active ? "Active" : "Inactive"}</Badge>}
          />
          <StatTile label="Last Updated" value={formatDateTime(loaded?.updatedAt)} />
          <StatTile label="Created" value={formatDateTime(loaded?.createdAt)} />
          <StatTile label="Section 1 Active" value={loaded?.section1.isActive ? "Yes" : "No"} />
        </dl>
      </section>
      <form onSubmit={onSave} noValidate>
        <Tabs
          label="About sections"
          tabs={[
            { key: "section1", label: "Section 1" },
            { key: "section2", label: "Section 2" },
          ]}
          active={tab}
          onChange={setTab}
        />
        <TabPanel id={tab}>
          <PartEditor key={tab} form={form} name={tab} />
        </TabPanel>
        <div className="mt-6 flex justify-end">
          <DirtyNote dirty={form.formState.isDirty} />
          <Button type="submit" loading={save.isPending} disabled={busy}>
            {save.isPending ? "Saving..." : "Save Changes"}
          </Button>
        </div>
      </form>
    </div>
  );
}
