import {
  CONTENT_PUBLIC_UI_TEXTS,
  CONTENT_TEXTS,
  extractYouTubeId,
  HERO_MEDIA_HEIGHT,
  HERO_MEDIA_WIDTH,
  LANDING_TITLE,
  type THero,
  youTubeEmbedUrl,
} from "@mailsmith/shared";
import { buttonClasses } from "@/components/ui/button";
import { useHero } from "../../api/hero";
import { ContentImage } from "../content-image";
import { SectionError } from "../section-state";
import { SmartLink } from "../smart-link";

export const DEFAULT_HERO_BACKGROUND = "/content/hero-background.svg";

/** The 800x450 media box: an embedded video for a recognised video link, otherwise the banner image. */
export function HeroMedia({ videoUrl, imageUrl, title }: { videoUrl: string; imageUrl: string; title: string }) {
  const videoId = extractYouTubeId(videoUrl);
  return (
    <div
      className="relative mx-auto aspect-video w-full overflow-hidden rounded-2xl bg-slate-100 shadow-2xl ring-1 shadow-brand-900/10 ring-slate-900/10"
      style={{ maxWidth: HERO_MEDIA_WIDTH }}
    >
      {videoId ? (
        <iframe
          src={youTubeEmbedUrl(videoId)}
          title={`${title}: video`}
          className="absolute inset-0 h-full w-full"
          loading="lazy"
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      ) : (
        <ContentImage
          src={imageUrl}
          alt={CONTENT_PUBLIC_UI_TEXTS.heroSection.previewOfAnEmailTemplate}
          width={HERO_MEDIA_WIDTH}
          height={HERO_MEDIA_HEIGHT}
          fetchPriority="high"
          className="absolute inset-0 h-full w-full object-cover"
        />
      )}
    </div>
  );
}

export function HeroView({
  hero,
  headingId = "hero-heading",
  headingLevel = 1,
}: {
  hero: THero | null;
  /** The admin's live preview renders a second copy: its own id, and not the page's h1. */
  headingId?: string;
  headingLevel?: 1 | 2;
}) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const title = hero?.title || LANDING_TITLE;
  const background = hero?.backgroundImage || DEFAULT_HERO_BACKGROUND;
  return (
    <section
      aria-labelledby={headingId}
      className="relative overflow-hidden bg-white bg-cover bg-center"
      style={{ backgroundImage: `url(${JSON.stringify(background)})` }}
    >
      <div className="mx-auto max-w-7xl px-4 pt-14 pb-16 text-center sm:px-6 sm:pt-20 lg:px-8 lg:pb-24">
        {hero?.subTitle && (
          <p className="inline-flex items-center gap-2 rounded-full bg-white/80 px-4 py-1.5 text-sm font-semibold text-brand-700 shadow-sm ring-1 ring-brand-100">
            <span className="h-2 w-2 rounded-full bg-brand-600" aria-hidden="true" />
            {hero.subTitle}
          </p>
        )}
        <Heading
          id={headingId}
          className="mx-auto mt-6 max-w-4xl text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl"
        >
          {title}
          {hero?.highlightText && (
            <>
              {" "}
              <span className="text-brand-600">{hero.highlightText}</span>
            </>
          )}
        </Heading>
        {hero?.description && (
          <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-600 sm:text-xl">{hero.description}</p>
        )}
        {hero?.buttonText && hero.buttonLink && (
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <SmartLink href={hero.buttonLink} className={buttonClasses("primary", "px-6 py-3 text-base shadow-lg")}>
              {hero.buttonText}
            </SmartLink>
            <a href="#how-it-works" className={buttonClasses("secondary", "px-6 py-3 text-base")}>
              {CONTENT_PUBLIC_UI_TEXTS.heroSection.seeHowItWorks}
            </a>
          </div>
        )}
        {hero && (
          <div className="mt-12 sm:mt-16">
            <HeroMedia videoUrl={hero.videoUrl} imageUrl={hero.imageUrl} title={title} />
          </div>
        )}
      </div>
    </section>
  );
}

/** Placeholder with the hero's shape while it loads, so nothing below jumps. */
function HeroSkeleton() {
  return (
    <section aria-busy="true" aria-label={CONTENT_PUBLIC_UI_TEXTS.heroSection.loading} className="bg-white">
      <div className="mx-auto flex max-w-7xl animate-pulse flex-col items-center px-4 pt-14 pb-16 sm:px-6 sm:pt-20 lg:px-8 lg:pb-24">
        <div className="h-8 w-56 rounded-full bg-slate-100" />
        <div className="mt-6 h-12 w-full max-w-3xl rounded-lg bg-slate-100 sm:h-16" />
        <div className="mt-6 h-6 w-full max-w-2xl rounded bg-slate-100" />
        <div className="mt-8 h-12 w-72 max-w-full rounded-lg bg-slate-100" />
        <div
          className="mt-12 aspect-video w-full rounded-2xl bg-slate-100 sm:mt-16"
          style={{ maxWidth: HERO_MEDIA_WIDTH }}
        />
      </div>
    </section>
  );
}

export function HeroSection() {
  const hero = useHero();
  if (hero.isPending) return <HeroSkeleton />;
  if (hero.isError) return <SectionError title={CONTENT_TEXTS.hero.loadError} message={hero.error.message} />;
  return <HeroView hero={hero.data} />;
}
