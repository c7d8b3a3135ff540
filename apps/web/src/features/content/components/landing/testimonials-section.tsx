import {
  CONTENT_PUBLIC_UI_TEXTS,
  CONTENT_TEXTS,
  DEFAULT_TESTIMONIAL_RATING,
  type TTestimonial,
} from "@mailsmith/shared";
import type { ReactNode } from "react";
import { useTestimonials } from "../../api/testimonials";
import { ContentImage } from "../content-image";
import { SectionError, SectionHeading, SectionMessage } from "../section-state";

const AVATAR_PLACEHOLDER = "/content/avatar-placeholder.svg";

function Stars({ rating }: { rating: number }) {
  return (
    <div className="flex gap-0.5 text-amber-500" role="img" aria-label={`Rated ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <svg
          key={n}
          viewBox="0 0 20 20"
          className={`h-5 w-5 ${n <= rating ? "" : "text-slate-300"}`}
          fill="currentColor"
          aria-hidden="true"
        >
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </div>
  );
}

function TestimonialCard({ t }: { t: TTestimonial }) {
  const name = t.authorName || CONTENT_TEXTS.testimonials.defaultAuthorName;
  const title = t.authorTitle || CONTENT_TEXTS.testimonials.defaultAuthorTitle;
  const rating = Math.min(5, Math.max(1, t.rating || DEFAULT_TESTIMONIAL_RATING));
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <Stars rating={rating} />
      <blockquote className="mt-4 flex-1 text-slate-700">
        <p>“{t.quote || CONTENT_TEXTS.testimonials.defaultQuote}”</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        <ContentImage
          src={t.authorImage}
          fallback={AVATAR_PLACEHOLDER}
          alt={CONTENT_PUBLIC_UI_TEXTS.testimonialsSection.photoOf(name)}
          width={48}
          height={48}
          loading="lazy"
          className="h-12 w-12 rounded-full bg-slate-100 object-cover"
        />
        <span>
          <span className="block font-semibold text-slate-900">{name}</span>
          <span className="block text-sm text-slate-600">{title}</span>
        </span>
      </figcaption>
    </figure>
  );
}

/** The section around the cards (heading, lead); also the admin editor's live preview. */
export function TestimonialsView({
  headingId = "testimonials-heading",
  children,
}: {
  headingId?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className="bg-slate-50 py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id={headingId}
          eyebrow={CONTENT_PUBLIC_UI_TEXTS.testimonialsSection.testimonials}
          title={CONTENT_TEXTS.testimonialsHeading}
          lead={CONTENT_PUBLIC_UI_TEXTS.testimonialsSection.marketersDesignersAndDevelopersWho}
        />
        <div className="mt-12">{children}</div>
      </div>
    </section>
  );
}

export function TestimonialCards({ testimonials }: { testimonials: readonly TTestimonial[] }) {
  const active = testimonials.filter((t) => t.isActive);
  if (active.length === 0) return <SectionMessage>{CONTENT_TEXTS.testimonials.empty}</SectionMessage>;
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {active.map((t) => (
        <li key={t._id}>
          <TestimonialCard t={t} />
        </li>
      ))}
    </ul>
  );
}

export function TestimonialsSection() {
  const testimonials = useTestimonials();
  return (
    <TestimonialsView>
      {testimonials.isPending ? (
        <SectionMessage loading>{CONTENT_TEXTS.testimonials.loading}</SectionMessage>
      ) : testimonials.isError ? (
        <SectionError title={CONTENT_TEXTS.testimonials.failed} message={testimonials.error.message} />
      ) : (
        <TestimonialCards testimonials={testimonials.data} />
      )}
    </TestimonialsView>
  );
}
