import { CONTENT_PUBLIC_UI_TEXTS, CONTENT_TEXTS, type TAboutPart } from "@mailsmith/shared";
import { buttonClasses } from "@/components/ui/button";
import { useAbout } from "../../api/about";
import { ContentIcon } from "../content-icon";
import { ContentImage } from "../content-image";
import { SectionError, SectionMessage } from "../section-state";
import { SmartLink } from "../smart-link";

export function AboutPartView({
  part,
  headingId,
  imageSide = "left",
  headingLevel = 2,
}: {
  part: TAboutPart;
  headingId: string;
  imageSide?: "left" | "right";
  headingLevel?: 1 | 2;
}) {
  const image = part.images[0];
  const H = headingLevel === 1 ? "h1" : "h2";
  return (
    <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16 lg:px-8">
      <div className={`relative ${imageSide === "right" ? "lg:order-2" : ""}`}>
        <div
          className="absolute -inset-2 -z-10 rounded-3xl sm:-inset-4 bg-gradient-to-tr from-brand-100 to-violet-100"
          aria-hidden="true"
        />
        <ContentImage
          src={image?.url}
          alt={image?.alt || part.title}
          width={640}
          height={480}
          loading="lazy"
          className="aspect-[4/3] w-full rounded-2xl bg-white object-cover shadow-xl ring-1 ring-slate-900/5"
        />
      </div>
      <div>
        {part.subtitle && (
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{part.subtitle}</p>
        )}
        <H id={headingId} className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
          {part.title}
        </H>
        <p className="mt-5 text-lg text-pretty text-slate-600">{part.description}</p>
        {part.features.length > 0 && (
          <ul className="mt-8 space-y-3">
            {part.features.map((f, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: feature texts may repeat; the list is static per render
              <li key={i} className="flex items-start gap-3 text-slate-700">
                <span className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-green-100 text-green-700">
                  <ContentIcon name="check" className="h-4 w-4" />
                </span>
                <span>{f.text}</span>
              </li>
            ))}
          </ul>
        )}
        {part.buttonText && part.buttonLink && (
          <SmartLink href={part.buttonLink} className={buttonClasses("primary", "mt-10 px-6 py-3 text-base")}>
            {part.buttonText}
          </SmartLink>
        )}
      </div>
    </div>
  );
}

/** Shown only when the section (and its part) is active; error panel with Retry (spec). */
export function AboutSection({ includeSecondPart = false }: { includeSecondPart?: boolean }) {
  const about = useAbout();
  if (about.isPending) return <SectionMessage loading>{CONTENT_PUBLIC_UI_TEXTS.aboutSection.loading}</SectionMessage>;
  if (about.isError) return <SectionError title={CONTENT_TEXTS.about.loadError} message={about.error.message} />;
  const data = about.data;
  if (!data?.isActive) return null;
  const parts = [data.section1, ...(includeSecondPart ? [data.section2] : [])].filter((p) => p.isActive);
  if (parts.length === 0) return null;
  return (
    <section aria-labelledby="about-heading-1" className="overflow-hidden py-20">
      <div className="space-y-24">
        {parts.map((part, i) => (
          <AboutPartView
            key={part.id || i}
            part={part}
            headingId={`about-heading-${i + 1}`}
            imageSide={i % 2 === 0 ? "left" : "right"}
          />
        ))}
      </div>
    </section>
  );
}
