import { zodResolver } from "@hookform/resolvers/zod";
import {
  CONTENT_ADMIN_TEXTS,
  CONTENT_UI_TEXTS,
  extractYouTubeId,
  type THero,
  type THeroContent,
  type THeroInput,
  ZHeroInputSchema,
} from "@mailsmith/shared";
import { EditorFrame, useEditor } from "@/components/ui/editor-frame";
import { TextAreaField, TextField } from "@/components/ui/field";
import { errorMessage } from "@/lib/api-client";
import { useHero, useResetHero, useSaveHero } from "../../api/hero";
import { HeroView } from "../landing/hero-section";
import { FieldGroup, formatDateTime, StatTile } from "./admin-ui";

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
  const editor = useEditor({
    query: hero,
    data: hero.data,
    toForm,
    resolver: zodResolver(ZHeroInputSchema),
    save: async (body) => (await save.mutateAsync(body)).message || T.updated,
    saveError: (err) => errorMessage(err, T.updateFailed),
    resetToDefault: {
      confirm: T.confirmReset,
      run: async () => (await reset.mutateAsync()).message || T.reset,
      error: (err) => errorMessage(err, T.resetFailed),
    },
  });
  const { register, formState, watch } = editor.form;
  const { errors } = formState;
  const loaded = hero.data;
  const videoUrl = watch("videoUrl");

  return (
    <EditorFrame
      editor={editor}
      title={T.heading}
      headingLevel={3}
      description={CONTENT_UI_TEXTS.heroEditor.theTopOfTheLanding}
      loadErrorTitle={T.loadError}
      intro={
        <section
          aria-label={CONTENT_UI_TEXTS.heroEditor.currentHeroStatus}
          className="rounded-xl border border-slate-200 p-4"
        >
          <p className="text-sm font-semibold text-slate-900">{CONTENT_UI_TEXTS.heroEditor.currentHeroStatus}</p>
          <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
            <StatTile
              label={CONTENT_UI_TEXTS.heroEditor.mediaShown}
              value={
                extractYouTubeId(loaded?.videoUrl)
                  ? CONTENT_UI_TEXTS.heroEditor.video
                  : CONTENT_UI_TEXTS.heroEditor.image
              }
              tone="blue"
            />
            <StatTile label={CONTENT_UI_TEXTS.heroEditor.lastUpdated} value={formatDateTime(loaded?.updatedAt)} />
            <StatTile label={CONTENT_UI_TEXTS.heroEditor.created} value={formatDateTime(loaded?.createdAt)} />
          </dl>
        </section>
      }
      preview={(values) => (
        <HeroView
          headingId="hero-preview-title"
          headingLevel={2}
          hero={{ ...(values as THeroContent), createdAt: "", updatedAt: "" }}
        />
      )}
    >
      <FieldGroup title={CONTENT_UI_TEXTS.heroEditor.text}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={CONTENT_UI_TEXTS.heroEditor.heroSubTitle}
            {...register("subTitle")}
            error={errors.subTitle?.message}
          />
          <TextField
            label={CONTENT_UI_TEXTS.heroEditor.heroHeading}
            required
            {...register("title")}
            error={errors.title?.message}
          />
          <TextField
            label={CONTENT_UI_TEXTS.heroEditor.highlightedPart}
            hint={CONTENT_UI_TEXTS.heroEditor.shownAfterTheHeadingIn}
            {...register("highlightText")}
            error={errors.highlightText?.message}
          />
        </div>
        <TextAreaField
          label={CONTENT_UI_TEXTS.heroEditor.paragraph}
          rows={3}
          {...register("description")}
          error={errors.description?.message}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={CONTENT_UI_TEXTS.heroEditor.heroButtonText}
            {...register("buttonText")}
            error={errors.buttonText?.message}
          />
          <TextField
            label={CONTENT_UI_TEXTS.heroEditor.heroButtonLink}
            {...register("buttonLink")}
            error={errors.buttonLink?.message}
          />
        </div>
      </FieldGroup>
      <FieldGroup title={CONTENT_UI_TEXTS.heroEditor.media800X450}>
        <TextField
          label={CONTENT_UI_TEXTS.heroEditor.videoLink}
          type="url"
          placeholder="https://www.youtube.com/watch?v=…"
          hint={
            videoUrl && !extractYouTubeId(videoUrl)
              ? CONTENT_UI_TEXTS.heroEditor.notARecognisedVideoLink
              : "A YouTube link replaces the image with the video."
          }
          {...register("videoUrl")}
          error={errors.videoUrl?.message}
        />
        <TextField
          label={CONTENT_UI_TEXTS.heroEditor.heroImageUrl}
          {...register("imageUrl")}
          error={errors.imageUrl?.message}
        />
        <TextField
          label={CONTENT_UI_TEXTS.heroEditor.backgroundImageUrl}
          hint={CONTENT_UI_TEXTS.heroEditor.emptyTheDefaultBackground}
          {...register("backgroundImage")}
          error={errors.backgroundImage?.message}
        />
      </FieldGroup>
    </EditorFrame>
  );
}
