import {
  CONTENT_ADMIN_TEXTS,
  CONTENT_ICON_CLASSES,
  DEFAULT_FEATURE_CATEGORY,
  type TFeature,
  type TFeatureInput,
  ZFeatureInputSchema,
} from "@mailsmith/shared";
import { useState } from "react";
import { type FieldErrors, type ResolverResult, useForm } from "react-hook-form";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TextAreaField, TextField } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
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
import { FeatureIcon } from "../landing/how-it-works-section";
import { CheckboxField, PanelHeader, PanelLoadError, PanelLoading, useConfirm } from "./admin-ui";

const T = CONTENT_ADMIN_TEXTS.features;

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

function FeatureForm({
  initial,
  onDone,
  nextOrder,
}: {
  initial: TFeature | null;
  nextOrder: number;
  onDone: () => void;
}) {
  const create = useCreateFeature();
  const update = useUpdateFeature();
  const form = useForm<FormValues>({
    defaultValues: {
      title: initial?.title ?? "",
      description: initial?.description ?? "",
      iconType: initial?.iconType ?? "class",
      icon: initial?.icon ?? "",
      category: initial?.category ?? DEFAULT_FEATURE_CATEGORY,
      order: String(initial?.order ?? nextOrder),
      isActive: initial?.isActive ?? true,
    },
    resolver: (values): ResolverResult<FormValues> => {
      const parsed = ZFeatureInputSchema.safeParse(toBody(values));
      if (parsed.success) return { values, errors: {} };
      const errors: FieldErrors<FormValues> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as keyof FormValues;
        errors[key] ??= { type: issue.code, message: issue.message };
      }
      return { values: {}, errors };
    },
  });
  const { errors, isSubmitting } = form.formState;
  const iconType = form.watch("iconType");
  const icon = form.watch("icon");

  const onSubmit = form.handleSubmit(async (values) => {
    const body = toBody(values);
    try {
      if (initial) {
        await update.mutateAsync({ id: initial._id, body });
        toast.success(T.updated);
      } else {
        await create.mutateAsync(body);
        toast.success(T.added);
      }
      onDone();
    } catch (err) {
      toast.error(errorMessage(err, initial ? T.updateFailed : T.addFailed));
    }
  });

  const iconTypeField = form.register("iconType", {
    // Switching the icon type clears the icon value (spec).
    onChange: () => form.setValue("icon", ""),
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" id="feature-form">
      <TextField label="Title" {...form.register("title")} error={errors.title?.message} />
      <TextAreaField
        label="Description"
        rows={3}
        {...form.register("description")}
        error={errors.description?.message}
      />
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-700">Icon type</legend>
        <div className="flex gap-6">
          <label className="inline-flex items-center gap-2 text-sm text-slate-700">
            <input type="radio" value="image" className="accent-brand-600" {...iconTypeField} />
            Image URL
          </label>
          <label className="inline-flex items-center gap-2 text-sm text-slate-700">
            <input type="radio" value="class" className="accent-brand-600" {...iconTypeField} />
            Icon class
          </label>
        </div>
      </fieldset>
      <div className="flex items-end gap-3">
        <TextField
          className="flex-1"
          label={iconType === "image" ? "Icon image URL" : "Icon class"}
          list={iconType === "class" ? "feature-icon-classes" : undefined}
          placeholder={iconType === "image" ? "https://…/icon.png" : "icon-memo-check"}
          hint={iconType === "class" ? "Empty saves the memo-check icon." : undefined}
          {...form.register("icon")}
          error={errors.icon?.message}
        />
        <span
          className="mb-1 flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-white"
          title="Icon preview"
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
        <TextField label="Category" {...form.register("category")} error={errors.category?.message} />
        <TextField
          label="Order"
          type="number"
          min={0}
          step={1}
          {...form.register("order")}
          error={errors.order?.message}
        />
      </div>
      <CheckboxField label="Active (shown on the landing page)" {...form.register("isActive")} />
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {initial ? "Update Feature" : "Add Feature"}
        </Button>
      </div>
    </form>
  );
}

export function FeaturesPanel() {
  const features = useFeatures({ admin: true });
  const toggle = useToggleFeature();
  const remove = useDeleteFeature();
  const reset = useResetFeatures();
  const [confirm, confirmDialog] = useConfirm();
  const [editing, setEditing] = useState<TFeature | "new" | null>(null);

  if (features.isPending) return <PanelLoading />;
  if (features.isError) return <PanelLoadError title={T.loadError} message={features.error.message} />;

  const rows = [...features.data].sort((a, b) => a.order - b.order);
  const nextOrder = nextFeatureOrder(rows.map((f) => f.order));

  const onToggle = async (f: TFeature) => {
    try {
      const res = await toggle.mutateAsync(f._id);
      toast.success(res.data.isActive ? T.activated : T.deactivated);
    } catch (err) {
      toast.error(errorMessage(err, T.toggleFailed));
    }
  };
  const onDelete = async (f: TFeature) => {
    if (!(await confirm(T.confirmDelete, { confirmLabel: "Delete", danger: true }))) return;
    try {
      await remove.mutateAsync(f._id);
      toast.success(T.deleted);
    } catch (err) {
      toast.error(errorMessage(err, T.deleteFailed));
    }
  };
  const onReset = async () => {
    if (!(await confirm(CONTENT_ADMIN_TEXTS.notice.resetConfirm, { confirmLabel: "Reset to Default", danger: true })))
      return;
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
      <PanelHeader
        title={T.heading}
        description="The How It Works steps on the landing page, shown in this order."
        actions={
          <>
            <Button variant="secondary" onClick={onReset} disabled={reset.isPending}>
              Reset to Default
            </Button>
            <Button onClick={() => setEditing("new")}>{T.addButton}</Button>
          </>
        }
      />
      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === "new" ? "Add New Feature" : "Edit Feature"}
        size="lg"
      >
        {editing !== null && (
          <FeatureForm
            key={editing === "new" ? "new" : editing._id}
            initial={editing === "new" ? null : editing}
            nextOrder={nextOrder}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
      <section aria-labelledby="features-table-heading">
        <h3 id="features-table-heading" className="text-base font-semibold text-slate-900">
          {T.tableTitle}
        </h3>
        {rows.length === 0 ? (
          <p className="mt-4 rounded-xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600">
            {T.empty}
          </p>
        ) : (
          <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200">
            <table className="w-full min-w-[40rem] divide-y divide-slate-200 text-sm">
              <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Icon
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Title
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Description
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 bg-white">
                {rows.map((f) => (
                  <tr key={f._id}>
                    <td className="px-4 py-3">
                      <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-600 text-white">
                        <FeatureIcon feature={f} className="h-5 w-5" />
                      </span>
                    </td>
                    <td className="px-4 py-3 font-medium text-slate-900">
                      {f.title}
                      <span className="block text-xs font-normal text-slate-600">
                        Order {f.order} · {f.category}
                      </span>
                    </td>
                    <td className="max-w-xs px-4 py-3 text-slate-600">
                      <span className="line-clamp-2">{f.description}</span>
                    </td>
                    <td className="px-4 py-3">
                      <Badge color={f.isActive ? "green" : "grey"}>{f.isActive ? "Active" : "Inactive"}</Badge>
                    </td>
                    <td className="px-4 py-3">
                      <div className="flex justify-end gap-1">
                        <Button
                          variant="ghost"
                          className="px-2.5 py-1.5"
                          onClick={() => setEditing(f)}
                          aria-label={`Edit ${f.title}`}
                        >
                          Edit
                        </Button>
                        <Button
                          variant="ghost"
                          className="px-2.5 py-1.5"
                          onClick={() => onToggle(f)}
                          aria-label={`${f.isActive ? "Disable" : "Enable"} ${f.title}`}
                        >
                          {f.isActive ? "Disable" : "Enable"}
                        </Button>
                        <Button
                          variant="dangerGhost"
                          className="px-2.5 py-1.5"
                          onClick={() => onDelete(f)}
                          aria-label={`Delete ${f.title}`}
                        >
                          Delete
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
