import { zodResolver } from "@hookform/resolvers/zod";
import {
  CONTENT_ADMIN_TEXTS,
  DEFAULT_TESTIMONIAL_RATING,
  type TTestimonial,
  type TTestimonialInput,
  ZTestimonialInputSchema,
} from "@mailsmith/shared";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { inputClasses, TextAreaField, TextField } from "@/components/ui/field";
import { errorMessage } from "@/lib/api-client";
import {
  useCreateTestimonial,
  useDeleteTestimonial,
  useResetTestimonials,
  useTestimonials,
  useUpdateTestimonial,
} from "../../api/testimonials";
import { quotePreview } from "../../format";
import { ContentImage } from "../content-image";
import { CheckboxField, PanelHeader, PanelLoadError, PanelLoading, useConfirm } from "./admin-ui";

const T = CONTENT_ADMIN_TEXTS.testimonials;

const empty: TTestimonialInput = {
  quote: "",
  authorName: "",
  authorTitle: "",
  authorImage: "",
  rating: DEFAULT_TESTIMONIAL_RATING,
  isActive: true,
};

const toForm = (t: TTestimonial | null): TTestimonialInput =>
  t
    ? {
        quote: t.quote,
        authorName: t.authorName,
        authorTitle: t.authorTitle,
        authorImage: t.authorImage,
        rating: t.rating,
        isActive: t.isActive,
      }
    : empty;

function TestimonialForm({ editing, onDone }: { editing: TTestimonial | null; onDone: () => void }) {
  const create = useCreateTestimonial();
  const update = useUpdateTestimonial();
  const form = useForm<TTestimonialInput>({
    resolver: zodResolver(ZTestimonialInputSchema),
    defaultValues: toForm(editing),
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      if (editing) {
        await update.mutateAsync({ id: editing._id, body });
        toast.success(T.updated);
      } else {
        await create.mutateAsync(body);
        toast.success(T.created);
      }
      form.reset(empty);
      onDone();
    } catch (err) {
      toast.error(errorMessage(err, editing ? T.updateFailed : T.createFailed));
    }
  });
  return (
    <section aria-labelledby="testimonial-form-heading" className="rounded-xl border border-slate-200 p-4 sm:p-5">
      <h3 id="testimonial-form-heading" className="text-base font-semibold text-slate-900">
        {editing ? T.formEdit : T.formAdd}
      </h3>
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
        <TextAreaField label="Quote" rows={3} {...form.register("quote")} error={errors.quote?.message} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Author Name" {...form.register("authorName")} error={errors.authorName?.message} />
          <TextField label="Author Title" {...form.register("authorTitle")} error={errors.authorTitle?.message} />
          <TextField
            label="Author Image URL (optional)"
            {...form.register("authorImage")}
            error={errors.authorImage?.message}
          />
          <div>
            <label htmlFor="testimonial-rating" className="mb-1.5 block text-sm font-medium text-slate-700">
              Rating
            </label>
            <select
              id="testimonial-rating"
              className={inputClasses()}
              {...form.register("rating", { valueAsNumber: true })}
            >
              {[5, 4, 3, 2, 1].map((n) => (
                <option key={n} value={n}>
                  {n} {n === 1 ? "star" : "stars"}
                </option>
              ))}
            </select>
          </div>
        </div>
        <CheckboxField label="Active (shown on the landing page)" {...form.register("isActive")} />
        <div className="flex justify-end gap-2">
          {editing && (
            <Button variant="secondary" onClick={onDone}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={isSubmitting}>
            {editing ? "Update Testimonial" : "Add Testimonial"}
          </Button>
        </div>
      </form>
    </section>
  );
}

export function TestimonialsPanel() {
  const testimonials = useTestimonials({ admin: true });
  const remove = useDeleteTestimonial();
  const reset = useResetTestimonials();
  const [confirm, confirmDialog] = useConfirm();
  const [editing, setEditing] = useState<TTestimonial | null>(null);

  if (testimonials.isPending) return <PanelLoading />;
  if (testimonials.isError) return <PanelLoadError title={T.fetchFailed} message={testimonials.error.message} />;

  const onDelete = async (t: TTestimonial) => {
    if (!(await confirm(T.confirmDelete, { confirmLabel: "Delete", danger: true }))) return;
    try {
      await remove.mutateAsync(t._id);
      if (editing?._id === t._id) setEditing(null);
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
      setEditing(null);
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
        description="The quotes in What Our Clients Say on the landing page."
        actions={
          <Button variant="secondary" onClick={onReset} disabled={reset.isPending}>
            Reset to Default
          </Button>
        }
      />
      <TestimonialForm key={editing?._id ?? "new"} editing={editing} onDone={() => setEditing(null)} />
      {testimonials.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600">
          {T.empty}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200">
          <table className="w-full min-w-[40rem] divide-y divide-slate-200 text-sm">
            <caption className="sr-only">Testimonials</caption>
            <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Author
                </th>
                <th scope="col" className="px-4 py-3">
                  Quote
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
              {testimonials.data.map((t) => (
                <tr key={t._id}>
                  <td className="px-4 py-3">
                    <div className="flex items-center gap-3">
                      <ContentImage
                        src={t.authorImage}
                        fallback="/content/avatar-placeholder.svg"
                        alt=""
                        className="h-9 w-9 rounded-full bg-slate-100 object-cover"
                      />
                      <div>
                        <p className="font-medium text-slate-900">{t.authorName}</p>
                        <p className="text-xs text-slate-600">{t.authorTitle}</p>
                      </div>
                    </div>
                  </td>
                  <td className="px-4 py-3 text-slate-700">{quotePreview(t.quote)}</td>
                  <td className="px-4 py-3">
                    <Badge color={t.isActive ? "green" : "grey"}>{t.isActive ? "Active" : "Inactive"}</Badge>
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-1">
                      <Button
                        variant="ghost"
                        className="px-2.5 py-1.5"
                        onClick={() => {
                          setEditing(t);
                          document.getElementById("testimonial-form-heading")?.scrollIntoView({ behavior: "smooth" });
                        }}
                        aria-label={`Edit testimonial by ${t.authorName}`}
                      >
                        Edit
                      </Button>
                      <Button
                        variant="dangerGhost"
                        className="px-2.5 py-1.5"
                        onClick={() => onDelete(t)}
                        aria-label={`Delete testimonial by ${t.authorName}`}
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
    </div>
  );
}
