import { CONTENT_PUBLIC_UI_TEXTS, CONTENT_TEXTS, type TFeature } from "@mailsmith/shared";
import { useFeatures } from "../../api/features";
import { stepNumber } from "../../format";
import { ContentIcon, hasIcon } from "../content-icon";
import { ContentImage } from "../content-image";
import { SectionError, SectionHeading, SectionMessage } from "../section-state";

export function FeatureIcon({
  feature,
  className = "h-7 w-7",
}: {
  feature: Pick<TFeature, "iconType" | "icon">;
  className?: string;
}) {
  if (feature.iconType === "image" && feature.icon) {
    return <ContentImage src={feature.icon} alt="" className={`${className} object-contain`} width={28} height={28} />;
  }
  return (
    <ContentIcon
      name={feature.iconType === "class" && hasIcon(feature.icon) ? feature.icon : "image"}
      className={className}
    />
  );
}

/** The active steps in order; also the admin editor's live preview (its own heading id). */
export function HowItWorksView({
  features,
  headingId = "how-it-works-heading",
  headingLevel = 2,
}: {
  features: readonly Pick<TFeature, "_id" | "title" | "description" | "iconType" | "icon" | "isActive">[];
  headingId?: string;
  headingLevel?: 1 | 2;
}) {
  const active = features.filter((f) => f.isActive);
  if (active.length === 0) return null;
  return (
    <section id="how-it-works" aria-labelledby={headingId} className="scroll-mt-20 bg-white py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id={headingId}
          level={headingLevel}
          eyebrow={CONTENT_PUBLIC_UI_TEXTS.howItWorksSection.simpleProcess}
          title={CONTENT_TEXTS.howItWorks}
          lead={CONTENT_PUBLIC_UI_TEXTS.howItWorksSection.fromADesignFileTo}
        />
        <ol className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {active.map((feature, index) => (
            <li
              key={feature._id}
              className="relative rounded-2xl border border-slate-200 bg-slate-50/60 p-6 transition-shadow hover:shadow-lg"
            >
              <span className="absolute top-5 right-6 text-3xl font-extrabold text-brand-500" aria-hidden="true">
                {stepNumber(index)}
              </span>
              <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-600 text-white shadow-md">
                <FeatureIcon feature={feature} />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">
                <span className="sr-only">Step {stepNumber(index)}: </span>
                {feature.title}
              </h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{feature.description}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

export function HowItWorksSection({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const features = useFeatures();
  if (features.isPending) return <SectionMessage loading>{CONTENT_TEXTS.features.loading}</SectionMessage>;
  if (features.isError) {
    return <SectionError title={CONTENT_TEXTS.features.loadError} message={features.error.message} />;
  }
  return <HowItWorksView features={features.data} headingLevel={headingLevel} />;
}
