import { zodResolver } from "@hookform/resolvers/zod";
import {
  ABOUT_IMAGE_SLOTS,
  CONTENT_ADMIN_TEXTS,
  CONTENT_UI_TEXTS,
  type TAbout,
  type TAboutInput,
  type TAboutPart,
  ZAboutInputSchema,
} from "@mailsmith/shared";
import { useState } from "react";
import { type FieldErrors, type UseFormReturn, useFieldArray } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EditorFrame, useEditor } from "@/components/ui/editor-frame";
import { TextAreaField, TextField } from "@/components/ui/field";
import { errorMessage } from "@/lib/api-client";
import { useAbout, useDeleteAbout, useResetAbout, useSaveAbout, useToggleAbout } from "../../api/about";
import { ContentImage } from "../content-image";
import { AboutPartView } from "../landing/about-section";
import { CheckboxField, FieldGroup, FormRows, formatDateTime, StatTile, TabPanel, Tabs } from "./admin-ui";

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
      CONTENT_UI_TEXTS.aboutPanel.pleaseCheckTheHighlightedFields;
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
        label={CONTENT_UI_TEXTS.aboutPanel.sectionActive(
          name === "section1" ? CONTENT_UI_TEXTS.aboutPanel.section1 : CONTENT_UI_TEXTS.aboutPanel.section2,
        )}
        {...form.register(`${name}.isActive`)}
      />
      <FieldGroup title={CONTENT_UI_TEXTS.aboutPanel.text}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={CONTENT_UI_TEXTS.aboutPanel.subtitle}
            {...form.register(`${name}.subtitle`)}
            error={errors?.subtitle?.message}
          />
          <TextField
            label={CONTENT_UI_TEXTS.aboutPanel.title}
            {...form.register(`${name}.title`)}
            error={errors?.title?.message}
          />
        </div>
        <TextAreaField
          label={CONTENT_UI_TEXTS.aboutPanel.description}
          rows={4}
          {...form.register(`${name}.description`)}
          error={errors?.description?.message}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={CONTENT_UI_TEXTS.aboutPanel.buttonText}
            {...form.register(`${name}.buttonText`)}
            error={errors?.buttonText?.message}
          />
          <TextField
            label={CONTENT_UI_TEXTS.aboutPanel.buttonLink}
            {...form.register(`${name}.buttonLink`)}
            error={errors?.buttonLink?.message}
          />
        </div>
      </FieldGroup>
      <FieldGroup
        title={CONTENT_UI_TEXTS.aboutPanel.features}
        actions={
          <Button variant="secondary" className="px-3 py-1.5" onClick={() => features.append({ text: "" })}>
            {CONTENT_UI_TEXTS.aboutPanel.addFeature}
          </Button>
        }
      >
        {featureRootError && (
          <p role="alert" className="text-sm text-red-700">
            {featureRootError}
          </p>
        )}
        <FormRows
          rows={features.fields}
          grid="grid-cols-[1fr_auto]"
          removeLabel={(i) => CONTENT_UI_TEXTS.aboutPanel.removeFeature(i + 1)}
          onRemove={features.remove}
        >
          {(i) => (
            <TextField
              label={CONTENT_UI_TEXTS.aboutPanel.featureN(i + 1)}
              {...form.register(`${name}.features.${i}.text`)}
              error={errors?.features?.[i]?.text?.message}
            />
          )}
        </FormRows>
      </FieldGroup>
      <FieldGroup title={CONTENT_UI_TEXTS.aboutPanel.images}>
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
                label={CONTENT_UI_TEXTS.aboutPanel.imageUrlN(i + 1)}
                {...form.register(`${name}.images.${i}.url`)}
                error={errors?.images?.[i]?.url?.message}
              />
              <TextField
                label={CONTENT_UI_TEXTS.aboutPanel.imageAltN(i + 1)}
                {...form.register(`${name}.images.${i}.alt`)}
              />
            </div>
          ))}
        </div>
      </FieldGroup>
    </div>
  );
}

/** The about block of the landing page (Section 1) and the second block on the About page (Section 2). */
export function AboutPanel() {
  const about = useAbout();
  const save = useSaveAbout();
  const toggle = useToggleAbout();
  const remove = useDeleteAbout();
  const reset = useResetAbout();
  const [tab, setTab] = useState<SectionKey>("section1");
  const loaded = about.data;
  const editor = useEditor({
    query: about,
    data: loaded,
    toForm,
    resolver: zodResolver(ZAboutInputSchema),
    save: async (values) => {
      await save.mutateAsync({
        isActive: loaded?.isActive ?? values.isActive,
        section1: cleanPart(values.section1),
        section2: cleanPart(values.section2),
        updatedAt: new Date().toISOString(),
      });
      return T.updated;
    },
    saveError: (err) => errorMessage(err, T.updateFailed),
    invalid: (errors) => {
      const first = firstError(errors);
      if (first) setTab(first.section);
      return first?.message;
    },
    resetToDefault: {
      confirm: T.confirmReset,
      run: async () => {
        await reset.mutateAsync(undefined);
        return T.reset;
      },
      error: (err) => errorMessage(err, T.resetFailed),
    },
  });
  const active = loaded?.isActive ?? false;
  const busy = toggle.isPending || remove.isPending;

  const onToggle = () =>
    editor.act(
      async () => ((await toggle.mutateAsync(undefined)).data.isActive ? T.activated : T.deactivated),
      (err) => errorMessage(err, T.toggleFailed),
    );
  const onDelete = () =>
    editor.act(
      async () => {
        await remove.mutateAsync(undefined);
        return T.deleted;
      },
      (err) => errorMessage(err, T.deleteFailed),
      { message: T.confirmDeactivate, confirmLabel: CONTENT_UI_TEXTS.aboutPanel.deactivate },
    );

  return (
    <EditorFrame
      editor={editor}
      title={T.heading}
      description={CONTENT_UI_TEXTS.aboutPanel.theAboutBlockOfThe}
      loadErrorTitle={T.loadError}
      busy={busy}
      actions={
        <>
          <Button variant="secondary" onClick={onToggle} disabled={busy || !loaded}>
            {active ? CONTENT_UI_TEXTS.aboutPanel.deactivate : CONTENT_UI_TEXTS.aboutPanel.activate}
          </Button>
          <Button variant="danger" onClick={onDelete} disabled={busy || !active}>
            {CONTENT_UI_TEXTS.aboutPanel.deleteAboutSection}
          </Button>
        </>
      }
      intro={
        <section aria-labelledby="about-status-heading" className="rounded-xl border border-slate-200 p-4">
          <h3 id="about-status-heading" className="text-sm font-semibold text-slate-900">
            {T.statusCard}
          </h3>
          <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
            <StatTile
              label={CONTENT_UI_TEXTS.aboutPanel.status}
              value={
                <Badge color={active ? "green" : "grey"}>
                  {active ? CONTENT_UI_TEXTS.aboutPanel.active : CONTENT_UI_TEXTS.aboutPanel.inactive}
                </Badge>
              }
            />
            <StatTile label={CONTENT_UI_TEXTS.aboutPanel.lastUpdated} value={formatDateTime(loaded?.updatedAt)} />
            <StatTile label={CONTENT_UI_TEXTS.aboutPanel.created} value={formatDateTime(loaded?.createdAt)} />
            <StatTile
              label={CONTENT_UI_TEXTS.aboutPanel.section1Active}
              value={loaded?.section1.isActive ? CONTENT_UI_TEXTS.aboutPanel.yes : CONTENT_UI_TEXTS.aboutPanel.no}
            />
          </dl>
        </section>
      }
      preview={(values) => (
        <div className="py-10">
          <AboutPartView part={cleanPart(values[tab]) as TAboutPart} headingId="about-preview-title" />
        </div>
      )}
    >
      <Tabs
        label={CONTENT_UI_TEXTS.aboutPanel.aboutSections}
        tabs={[
          { key: "section1", label: CONTENT_UI_TEXTS.aboutPanel.section1 },
          { key: "section2", label: CONTENT_UI_TEXTS.aboutPanel.section2 },
        ]}
        active={tab}
        onChange={setTab}
      />
      <TabPanel id={tab}>
        <PartEditor key={tab} form={editor.form} name={tab} />
      </TabPanel>
    </EditorFrame>
  );
}
