import { zodResolver } from "@hookform/resolvers/zod";
import {
  CONTENT_ADMIN_TEXTS,
  CONTENT_UI_TEXTS,
  DEFAULT_TESTIMONIAL_RATING,
  type TTestimonial,
  type TTestimonialInput,
  ZTestimonialInputSchema,
} from "@mailsmith/shared";
import { Badge } from "@/components/ui/badge";
import { type Column, DataTable } from "@/components/ui/data-table";
import { EditorFrame } from "@/components/ui/editor-frame";
import { TextAreaField, TextField } from "@/components/ui/field";
import { RowActions } from "@/components/ui/row-actions";
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
import { TestimonialCards, TestimonialsView } from "../landing/testimonials-section";
import { CheckboxField, SelectField } from "./admin-ui";
import { ItemFormHeading, useListEditor } from "./list-editor";

const T = CONTENT_ADMIN_TEXTS.testimonials;
const L = CONTENT_ADMIN_TEXTS.list;

const toForm = (t: TTestimonial | null): TTestimonialInput => ({
  quote: t?.quote ?? "",
  authorName: t?.authorName ?? "",
  authorTitle: t?.authorTitle ?? "",
  authorImage: t?.authorImage ?? "",
  rating: t?.rating ?? DEFAULT_TESTIMONIAL_RATING,
  isActive: t?.isActive ?? true,
});

/** The quotes of What Our Clients Say: a table to pick from, the form for the one being added or edited, the preview. */
export function TestimonialsPanel() {
  const testimonials = useTestimonials({ admin: true });
  const create = useCreateTestimonial();
  const update = useUpdateTestimonial();
  const del = useDeleteTestimonial();
  const reset = useResetTestimonials();
  const rows = testimonials.data ?? [];
  const list = useListEditor<TTestimonial, TTestimonialInput>({
    query: testimonials,
    toForm,
    resolver: zodResolver(ZTestimonialInputSchema),
    create: (body) => create.mutateAsync(body),
    update: (id, body) => update.mutateAsync({ id, body }),
    texts: {
      added: T.created,
      updated: T.updated,
      addFailed: T.createFailed,
      updateFailed: T.updateFailed,
      reset: T.reset,
      resetFailed: T.resetFailed,
    },
    resetAll: () => reset.mutateAsync(undefined),
  });
  const { editor, editing } = list;
  const { register } = editor.form;
  const { errors } = editor.form.formState;

  const columns: Column<TTestimonial>[] = [
    {
      key: "author",
      header: CONTENT_UI_TEXTS.testimonialsPanel.author,
      render: (t) => (
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
      ),
    },
    { key: "quote", header: CONTENT_UI_TEXTS.testimonialsPanel.quote, render: (t) => quotePreview(t.quote) },
    {
      key: "status",
      header: CONTENT_UI_TEXTS.testimonialsPanel.status,
      render: (t) => (
        <Badge color={t.isActive ? "green" : "grey"}>
          {t.isActive ? CONTENT_UI_TEXTS.testimonialsPanel.active : CONTENT_UI_TEXTS.testimonialsPanel.inactive}
        </Badge>
      ),
    },
    {
      key: "actions",
      header: <span className="sr-only">{CONTENT_UI_TEXTS.testimonialsPanel.actions}</span>,
      className: "text-right",
      render: (t) => (
        <RowActions
          name={CONTENT_UI_TEXTS.testimonialsPanel.testimonialBy(t.authorName)}
          items={[
            { label: L.edit, onSelect: () => void list.select(t) },
            {
              label: L.delete,
              destructive: true,
              onSelect: () =>
                void list.remove(
                  t,
                  T.confirmDelete(t.authorName),
                  async () => {
                    await del.mutateAsync(t._id);
                    return T.deleted;
                  },
                  (err) => errorMessage(err, T.deleteFailed),
                ),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <EditorFrame
      editor={editor}
      title={T.heading}
      description={CONTENT_UI_TEXTS.testimonialsPanel.theQuotesInWhatOur}
      loadErrorTitle={T.fetchFailed}
      busy={del.isPending}
      saveLabel={
        editing
          ? CONTENT_UI_TEXTS.testimonialsPanel.updateTestimonial
          : CONTENT_UI_TEXTS.testimonialsPanel.addTestimonial
      }
      intro={
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(t) => t._id}
          caption={CONTENT_UI_TEXTS.testimonialsPanel.testimonials}
          empty={T.empty}
        />
      }
      preview={(values) => (
        <TestimonialsView headingId="testimonials-preview-title">
          <TestimonialCards
            testimonials={list.withDraft(rows, {
              ...(editing ?? { _id: "draft", createdAt: "", updatedAt: "" }),
              ...values,
            } as TTestimonial)}
          />
        </TestimonialsView>
      )}
    >
      <ItemFormHeading
        editing={Boolean(editing)}
        addTitle={T.formAdd}
        editTitle={T.formEdit}
        onCancel={() => void list.select(null)}
      />
      <TextAreaField
        label={CONTENT_UI_TEXTS.testimonialsPanel.quote}
        rows={3}
        {...register("quote")}
        error={errors.quote?.message}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={CONTENT_UI_TEXTS.testimonialsPanel.authorName}
          {...register("authorName")}
          error={errors.authorName?.message}
        />
        <TextField
          label={CONTENT_UI_TEXTS.testimonialsPanel.authorTitle}
          {...register("authorTitle")}
          error={errors.authorTitle?.message}
        />
        <TextField
          label={CONTENT_UI_TEXTS.testimonialsPanel.authorImageUrlOptional}
          {...register("authorImage")}
          error={errors.authorImage?.message}
        />
        <SelectField label={CONTENT_UI_TEXTS.testimonialsPanel.rating} {...register("rating", { valueAsNumber: true })}>
          {[5, 4, 3, 2, 1].map((n) => (
            <option key={n} value={n}>
              {n} {n === 1 ? "star" : "stars"}
            </option>
          ))}
        </SelectField>
      </div>
      <CheckboxField label={CONTENT_UI_TEXTS.testimonialsPanel.activeShownOnTheLanding} {...register("isActive")} />
    </EditorFrame>
  );
}
