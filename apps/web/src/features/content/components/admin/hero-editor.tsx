import { zodResolver } from "@hookform/resolvers/zod";
import {
  CONTENT_ADMIN_TEXTS,
  extractYouTubeId,
  type THero,
  type THeroContent,
  type THeroInput,
  ZHeroInputSchema,
} from "@mailsmith/shared";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { DirtyNote, useUnsavedChanges } from "@/components/ui/editor-frame";
import { TextAreaField, TextField } from "@/components/ui/field";
import { errorMessage } from "@/lib/api-client";
import { useHero, useResetHero, useSaveHero } from "../../api/hero";
import { HeroView } from "../landing/hero-section";
import { FieldGroup, formatDateTime, PanelLoadError, PanelLoading, StatTile, useConfirm } from "./admin-ui";

const T = CONTENT_ADMIN_TEXTS.hero;

const toForm = (h: THero | null | undefined): THeroInput => ({
  subTitle: h?.subTitle ?? "",
  title: h?.title ?? "",
  highlightText: h?.highlightText ?? "",
  description: h?.description ?? "",
  buttonText: h?.buttonText ?? "",
  buttonLink: h?.buttonLink ?? "",
  videoUrl: h?.videoUrl ?? "",
  imageUrl: h?.imageUrl ?? "",
  backgroundImage: h?.backgroundImage ?? "",
});

/** The home banner (hero): a simple form with a status card. */
export function HeroEditor() {
  const hero = useHero();
  const save = useSaveHero();
  const reset = useResetHero();
  const [confirm, confirmDialog] = useConfirm();
  const form = useForm<THeroInput>({ resolver: zodResolver(ZHeroInputSchema), defaultValues: toForm(null) });
  const leaveDialog = useUnsavedChanges(form.formState.isDirty && !save.isPending);
  const { errors } = form.formState;
  const loaded = hero.data;
  useEffect(() => {
    if (hero.isSuccess) form.reset(toForm(loaded));
  }, [hero.isSuccess, loaded, form]);

  if (hero.isPending) return <PanelLoading />;
  if (hero.isError) return <PanelLoadError title={T.loadError} message={hero.error.message} />;

  const videoUrl = form.watch("videoUrl");
  const onSave = form.handleSubmit(async (body) => {
    try {
      toast.success((await save.mutateAsync(body)).message || T.updated);
    } catch (err) {
      toast.error(errorMessage(err, T.updateFailed));
    }
  });
  const onReset = async () => {
    if (!(await confirm(T.confirmReset, { confirmLabel: "Reset to Default", danger: true }))) return;
    try {
      toast.success((await reset.mutateAsync()).message || T.reset);
    } catch (err) {
      toast.error(errorMessage(err, T.resetFailed));
    }
  };

  return (
    <div className="space-y-5">
      {confirmDialog}
      {leaveDialog}
      <section aria-labelledby="hero-status-heading" className="rounded-xl border border-slate-200 p-4">
        <h3 id="hero-status-heading" className="text-sm font-semibold text-slate-900">
          Current Hero Status
        </h3>
        <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
          <StatTile label="Media shown" value={extractYouTubeId(loaded?.videoUrl) ? "Video" : "Image"} tone="blue" />
          <StatTile label="Last Updated" value={formatDateTime(loaded?.updatedAt)} />
          <StatTile label="Created" value={formatDateTime(loaded?.createdAt)} />
        </dl>
      </section>
      <form onSubmit={onSave} noValidate className="space-y-5">
        <FieldGroup title="Text">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Hero Sub Title" {...form.register("subTitle")} error={errors.subTitle?.message} />
            <TextField label="Hero Heading" required {...form.register("title")} error={errors.title?.message} />
            <TextField
              label="Highlighted Part"
              hint="Shown after the heading in the brand colour."
              {...form.register("highlightText")}
              error={errors.highlightText?.message}
            />
          </div>
          <TextAreaField
            label="Paragraph"
            rows={3}
            {...form.register("description")}
            error={errors.description?.message}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Hero Button Text" {...form.register("buttonText")} error={errors.buttonText?.message} />
            <TextField label="Hero Button Link" {...form.register("buttonLink")} error={errors.buttonLink?.message} />
          </div>
        </FieldGroup>
        <FieldGroup title="Media (800 x 450)">
          <TextField
            label="Video Link"
            type="url"
            placeholder="https://www.youtube.com/watch?v=…"
            hint={
              videoUrl && !extractYouTubeId(videoUrl)
                ? "Not a recognised video link: the image is shown instead."
                : "A YouTube link replaces the image with the video."
            }
            {...form.register("videoUrl")}
            error={errors.videoUrl?.message}
          />
          <TextField label="Hero Image URL" {...form.register("imageUrl")} error={errors.imageUrl?.message} />
          <TextField
            label="Background Image URL"
            hint="Empty: the default background."
            {...form.register("backgroundImage")}
            error={errors.backgroundImage?.message}
          />
        </FieldGroup>
        <section aria-labelledby="hero-preview-heading" className="space-y-3">
          <h3 id="hero-preview-heading" className="text-sm font-semibold text-slate-900">
            Live Preview
          </h3>
          {/* What the landing page will show with the values being edited (issue 13 item 11). */}
          <div className="overflow-hidden rounded-xl border border-dashed border-slate-300" inert>
            <HeroView
              headingId="hero-preview-title"
              headingLevel={2}
              hero={{ ...(form.watch() as THeroContent), createdAt: "", updatedAt: "" }}
            />
          </div>
        </section>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onReset} disabled={reset.isPending || save.isPending}>
            Reset to Default
          </Button>
          <DirtyNote dirty={form.formState.isDirty} />
          <Button type="submit" loading={save.isPending} disabled={reset.isPending}>
            {save.isPending ? "Saving..." : "Save Changes"}
          </Button>
        </div>
      </form>
    </div>
  );
}
