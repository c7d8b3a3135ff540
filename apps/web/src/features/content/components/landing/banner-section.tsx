import { CONTENT_TEXTS, extractYouTubeId, type TBannerInput, youTubeEmbedUrl } from "@mailsmith/shared";
import { buttonClasses } from "@/components/ui/button";
import { useBanner } from "../../api/banner";
import { SectionError } from "../section-state";
import { SmartLink } from "../smart-link";

const patterns: Record<string, string> = {
  dots: "bg-[radial-gradient(rgba(255,255,255,0.18)_1.5px,transparent_1.5px)] bg-[size:22px_22px]",
  grid: "bg-[linear-gradient(rgba(255,255,255,0.08)_1px,transparent_1px),linear-gradient(90deg,rgba(255,255,255,0.08)_1px,transparent_1px)] bg-[size:32px_32px]",
};

function Pattern({ kind }: { kind: string }) {
  if (kind === "waves") {
    return (
      <svg
        className="pointer-events-none absolute inset-x-0 bottom-0 h-32 w-full text-white/10"
        viewBox="0 0 1200 120"
        preserveAspectRatio="none"
        aria-hidden="true"
      >
        <path d="M0 60c150 40 300 40 450 0s300-40 450 0 225 30 300 10v50H0z" fill="currentColor" />
        <path d="M0 90c200-30 400-30 600 0s400 30 600 0v30H0z" fill="currentColor" />
      </svg>
    );
  }
  const cls = patterns[kind];
  return cls ? <div className={`pointer-events-none absolute inset-0 ${cls}`} aria-hidden="true" /> : null;
}

type BannerContent = Pick<
  TBannerInput,
  | "subTitle"
  | "mainTitle"
  | "highlightText"
  | "description"
  | "buttonText"
  | "buttonLink"
  | "youtubeUrl"
  | "backgroundImage"
  | "backgroundPattern"
>;

/** The promotional banner; also the live preview of the admin editor. */
export function BannerView({ banner, headingId = "banner-heading" }: { banner: BannerContent; headingId?: string }) {
  const videoId = extractYouTubeId(banner.youtubeUrl);
  const background = banner.backgroundImage
    ? {
        backgroundImage: `linear-gradient(rgba(49,46,129,0.88), rgba(67,56,202,0.82)), url(${JSON.stringify(banner.backgroundImage)})`,
      }
    : undefined;
  return (
    <div
      className="relative isolate overflow-hidden rounded-3xl bg-gradient-to-br from-brand-900 via-brand-700 to-violet-700 bg-cover bg-center px-6 py-12 text-white shadow-xl sm:px-12 lg:py-16"
      style={background}
    >
      <Pattern kind={banner.backgroundPattern ?? "dots"} />
      <div className={`relative grid items-center gap-10 ${videoId ? "lg:grid-cols-2" : ""}`}>
        <div className={videoId ? "" : "mx-auto max-w-3xl text-center"}>
          {banner.subTitle && (
            <p className="inline-block rounded-full bg-white/15 px-3 py-1 text-sm font-semibold text-white ring-1 ring-white/25">
              {banner.subTitle}
            </p>
          )}
          <h2 id={headingId} className="mt-4 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {banner.mainTitle}
            {banner.highlightText && (
              <>
                {" "}
                <span className="text-amber-300">{banner.highlightText}</span>
              </>
            )}
          </h2>
          {banner.description && <p className="mt-4 text-lg text-pretty text-indigo-100">{banner.description}</p>}
          {banner.buttonText && banner.buttonLink && (
            <SmartLink
              href={banner.buttonLink}
              className={buttonClasses("secondary", "mt-8 px-6 py-3 text-base text-brand-700 ring-0")}
            >
              {banner.buttonText}
            </SmartLink>
          )}
        </div>
        {videoId && (
          <div className="relative aspect-video w-full overflow-hidden rounded-2xl shadow-2xl ring-1 ring-white/20">
            <iframe
              src={youTubeEmbedUrl(videoId)}
              title={`${banner.mainTitle}: video`}
              className="absolute inset-0 h-full w-full"
              loading="lazy"
              allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
              referrerPolicy="strict-origin-when-cross-origin"
              allowFullScreen
            />
          </div>
        )}
      </div>
    </div>
  );
}

/** Rendered only when active; nothing while loading or without data; an error box with Retry on failure (spec). */
export function BannerSection() {
  const banner = useBanner();
  if (banner.isPending) return null;
  if (banner.isError) return <SectionError title={CONTENT_TEXTS.banner.loadError} message={banner.error.message} />;
  if (!banner.data?.isActive) return null;
  return (
    <section aria-labelledby="banner-heading" className="px-4 py-12 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-7xl">
        <BannerView banner={banner.data} />
      </div>
    </section>
  );
}
