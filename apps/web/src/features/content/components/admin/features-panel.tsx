import {
  CONTENT_ADMIN_TEXTS,
  CONTENT_ICON_CLASSES,
  CONTENT_UI_TEXTS,
  DEFAULT_FEATURE_CATEGORY,
  type TFeature,
  type TFeatureInput,
  ZFeatureInputSchema,
} from "@mailsmith/shared";
import type { FieldErrors, ResolverResult } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { type Column, DataTable } from "@/components/ui/data-table";
import { EditorFrame } from "@/components/ui/editor-frame";
import { TextAreaField, TextField } from "@/components/ui/field";
import { RowActions } from "@/components/ui/row-actions";
import { errorMessage } from "@/lib/api-client";
import {
  useCreateFeature,
  useDeleteFeature,
  useFeatures,
  useResetFeatures,
  useToggleFeature,
  useUpdateFeature,
} from "../../api/features";
import { nextFeatureOrder } from "../../format";
import { FeatureIcon, HowItWorksView } from "../landing/how-it-works-section";
import { CheckboxField } from "./admin-ui";
import { ItemFormHeading, useListEditor } from "./list-editor";

const T = CONTENT_ADMIN_TEXTS.features;
const L = CONTENT_ADMIN_TEXTS.list;

type FormValues = {
  title: string;
  description: string;
  iconType: "image" | "class";
  icon: string;
  category: string;
  order: string;
  isActive: boolean;
};

/** Order is coerced to an integer, default 0 (spec). */
function toBody(values: FormValues): TFeatureInput {
  const order = Number.parseInt(values.order, 10);
  return { ...values, order: Number.isFinite(order) ? order : 0 };
}

async function resolver(values: FormValues): Promise<ResolverResult<FormValues>> {
  const parsed = ZFeatureInputSchema.safeParse(toBody(values));
  if (parsed.success) return { values, errors: {} };
  const errors: FieldErrors<FormValues> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0]) as keyof FormValues;
    errors[key] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
}

/** The How It Works steps: a table to pick from, the form for the step being added or edited, the preview. */
export function FeaturesPanel() {
  const features = useFeatures({ admin: true });
  const create = useCreateFeature();
  const update = useUpdateFeature();
  const toggle = useToggleFeature();
  const del = useDeleteFeature();
  const reset = useResetFeatures();
  const rows = [...(features.data ?? [])].sort((a, b) => a.order - b.order);
  const list = useListEditor<TFeature, FormValues>({
    query: features,
    toForm: (f) => ({
      title: f?.title ?? "",
      description: f?.description ?? "",
      iconType: f?.iconType ?? "class",
      icon: f?.icon ?? "",
      category: f?.category ?? DEFAULT_FEATURE_CATEGORY,
      order: String(f?.order ?? nextFeatureOrder(rows.map((r) => r.order))),
      isActive: f?.isActive ?? true,
    }),
    resolver,
    create: (values) => create.mutateAsync(toBody(values)),
    update: (id, values) => update.mutateAsync({ id, body: toBody(values) }),
    texts: {
      added: T.added,
      updated: T.updated,
      addFailed: T.addFailed,
      updateFailed: T.updateFailed,
      reset: T.reset,
      resetFailed: T.resetFailed,
    },
    resetAll: () => reset.mutateAsync(undefined),
  });
  const { editor, editing } = list;
  const { register, watch, setValue } = editor.form;
  const { errors } = editor.form.formState;
  const iconType = watch("iconType");
  const icon = watch("icon");

  const onToggle = (f: TFeature) =>
    editor.act(
      async () => ((await toggle.mutateAsync(f._id)).data.isActive ? T.activated : T.deactivated),
      (err) => errorMessage(err, T.toggleFailed),
    );
  const onDelete = (f: TFeature) =>
    list.remove(
      f,
      T.confirmDelete(f.title),
      async () => {
        await del.mutateAsync(f._id);
        return T.deleted;
      },
      (err) => errorMessage(err, T.deleteFailed),
    );

  const columns: Column<TFeature>[] = [
    {
      key: "icon",
      header: CONTENT_UI_TEXTS.featuresPanel.icon,
      render: (f) => (
        <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-600 text-white">
          <FeatureIcon feature={f} className="h-5 w-5" />
        </span>
      ),
    },
    {
      key: "title",
      header: CONTENT_UI_TEXTS.featuresPanel.title,
      className: "font-medium text-slate-900",
      render: (f) => (
        <>
          {f.title}
          <span className="block text-xs font-normal text-slate-600">
            Order {f.order} · {f.category}
          </span>
        </>
      ),
    },
    {
      key: "description",
      header: CONTENT_UI_TEXTS.featuresPanel.description,
      className: "max-w-xs",
      render: (f) => <span className="line-clamp-2">{f.description}</span>,
    },
    {
      key: "status",
      header: CONTENT_UI_TEXTS.featuresPanel.status,
      render: (f) => (
        <Badge color={f.isActive ? "green" : "grey"}>
          {f.isActive ? CONTENT_UI_TEXTS.featuresPanel.active : CONTENT_UI_TEXTS.featuresPanel.inactive}
        </Badge>
      ),
    },
    {
      key: "actions",
      header: <span className="sr-only">{CONTENT_UI_TEXTS.featuresPanel.actions}</span>,
      className: "text-right",
      render: (f) => (
        <RowActions
          name={f.title}
          items={[
            { label: L.edit, onSelect: () => void list.select(f) },
            {
              label: f.isActive ? L.hide : L.show,
              onSelect: () => onToggle(f),
            },
            { label: L.delete, destructive: true, onSelect: () => void onDelete(f) },
          ]}
        />
      ),
    },
  ];

  return (
    <EditorFrame
      editor={editor}
      title={T.heading}
      description={CONTENT_UI_TEXTS.featuresPanel.theHowItWorksSteps}
      loadErrorTitle={T.loadError}
      busy={toggle.isPending || del.isPending}
      actions={<Button onClick={() => void list.select(null)}>{T.addButton}</Button>}
      saveLabel={editing ? CONTENT_UI_TEXTS.featuresPanel.updateFeature : CONTENT_UI_TEXTS.featuresPanel.addFeature}
      intro={
        <section aria-labelledby="features-table-heading" className="space-y-4">
          <h3 id="features-table-heading" className="text-base font-semibold text-slate-900">
            {T.tableTitle}
          </h3>
          <DataTable columns={columns} rows={rows} rowKey={(f) => f._id} caption={T.tableTitle} empty={T.empty} />
        </section>
      }
      preview={(values) => (
        <HowItWorksView
          headingId="how-it-works-preview-title"
          features={list
            .withDraft(rows, {
              ...(editing ?? { _id: "draft", createdAt: "", updatedAt: "" }),
              ...toBody(values),
            } as TFeature)
            .sort((a, b) => a.order - b.order)}
        />
      )}
    >
      <ItemFormHeading
        editing={Boolean(editing)}
        addTitle={T.addButton}
        editTitle={T.formEdit}
        onCancel={() => void list.select(null)}
      />
      <TextField label={CONTENT_UI_TEXTS.featuresPanel.title} {...register("title")} error={errors.title?.message} />
      <TextAreaField
        label={CONTENT_UI_TEXTS.featuresPanel.description}
        rows={3}
        {...register("description")}
        error={errors.description?.message}
      />
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-700">{CONTENT_UI_TEXTS.featuresPanel.iconType}</legend>
        <div className="flex gap-6">
          {(
            [
              ["image", CONTENT_UI_TEXTS.featuresPanel.imageUrl],
              ["class", CONTENT_UI_TEXTS.featuresPanel.iconClass],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="inline-flex items-center gap-2 text-sm text-slate-700">
              <input
                type="radio"
                value={value}
                className="accent-brand-600"
                // Switching the icon type clears the icon value (spec).
                {...register("iconType", { onChange: () => setValue("icon", "") })}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex items-end gap-3">
        <TextField
          className="flex-1"
          label={
            iconType === "image"
              ? CONTENT_UI_TEXTS.featuresPanel.iconImageUrl
              : CONTENT_UI_TEXTS.featuresPanel.iconClass
          }
          list={iconType === "class" ? "feature-icon-classes" : undefined}
          placeholder={iconType === "image" ? "https://…/icon.png" : "icon-memo-check"}
          hint={iconType === "class" ? CONTENT_UI_TEXTS.featuresPanel.emptySavesTheMemoCheck : undefined}
          {...register("icon")}
          error={errors.icon?.message}
        />
        <span
          className="mb-1 flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-white"
          title={CONTENT_UI_TEXTS.featuresPanel.iconPreview}
        >
          <FeatureIcon
            feature={{ iconType, icon: icon || (iconType === "class" ? "icon-memo-check" : "") }}
            className="h-6 w-6"
          />
        </span>
      </div>
      <datalist id="feature-icon-classes">
        {CONTENT_ICON_CLASSES.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={CONTENT_UI_TEXTS.featuresPanel.category}
          {...register("category")}
          error={errors.category?.message}
        />
        <TextField
          label={CONTENT_UI_TEXTS.featuresPanel.order}
          type="number"
          min={0}
          step={1}
          {...register("order")}
          error={errors.order?.message}
        />
      </div>
      <CheckboxField label={CONTENT_UI_TEXTS.featuresPanel.activeShownOnTheLanding} {...register("isActive")} />
    </EditorFrame>
  );
}
