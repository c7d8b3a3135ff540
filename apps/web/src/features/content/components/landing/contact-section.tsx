import { CONTENT_PUBLIC_UI_TEXTS, CONTENT_TEXTS, type TContactEntry, type TContactPage } from "@mailsmith/shared";
import { lazy, Suspense } from "react";
import { useContactPage } from "../../api/contact-page";
import { ContentIcon } from "../content-icon";
import { ContentImage } from "../content-image";
import { SectionHeading, SectionMessage } from "../section-state";

// The form's code (react-hook-form, zod, toasts) is loaded after the landing page paints: it is below the fold and
// keeps the landing's initial JS small. The placeholder keeps its height so nothing shifts.
const ContactForm = lazy(() => import("./contact-form").then((m) => ({ default: m.ContactForm })));

function entryHref(entry: TContactEntry) {
  if (entry.type === "email") return `mailto:${entry.value}`;
  return `tel:${entry.value.replace(/[^\d+]/g, "")}`;
}

/** Title, subtitle, description and contact entries; also the admin editor's live preview. */
export function ContactDetails({
  data,
  headingId = "contact-heading",
  headingLevel = 2,
}: {
  data: Pick<TContactPage, "title" | "subtitle" | "description" | "contactInfo">;
  headingId?: string;
  headingLevel?: 1 | 2;
}) {
  return (
    <>
      <SectionHeading
        id={headingId}
        level={headingLevel}
        align="left"
        eyebrow={CONTENT_PUBLIC_UI_TEXTS.contactSection.contact}
        title={data.title}
        lead={data.subtitle}
      />
      {data.description && <p className="mt-3 text-sm text-slate-600">{data.description}</p>}
      {data.contactInfo.length > 0 && (
        <ul className="mt-6 grid gap-3 sm:grid-cols-2">
          {data.contactInfo.map((entry, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id
            <li key={i}>
              <a
                href={entryHref(entry)}
                className="flex items-center gap-3 rounded-xl border border-slate-200 p-3 hover:border-brand-200 hover:bg-brand-50"
              >
                <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <ContentIcon
                    name={entry.icon || (entry.type === "email" ? "mail" : "phone-call")}
                    className="h-5 w-5"
                  />
                </span>
                <span className="min-w-0">
                  {entry.label && <span className="block text-xs text-slate-600">{entry.label}</span>}
                  <span className="block truncate text-sm font-semibold text-slate-900">{entry.value}</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function ContactIllustration({ url }: { url: string }) {
  return (
    <div className="hidden items-center lg:flex">
      <ContentImage
        src={url}
        alt={CONTENT_PUBLIC_UI_TEXTS.contactSection.illustrationOfTheMailsmithSupport}
        width={560}
        height={560}
        loading="lazy"
        className="w-full rounded-3xl"
      />
    </div>
  );
}

/** Title, subtitle, contact entries, the form and an image (spec); the form is always there. */
export function ContactSection({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const page = useContactPage();
  const data = page.isSuccess && page.data?.isActive ? page.data : null;
  return (
    <section aria-labelledby="contact-heading" className="bg-white py-20">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16 lg:px-8">
        <div>
          {page.isPending ? (
            <SectionMessage loading>{CONTENT_TEXTS.contact.loading}</SectionMessage>
          ) : page.isError ? (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
              {CONTENT_TEXTS.contact.error(page.error.message)}
            </p>
          ) : !data ? (
            <p className="text-sm text-slate-600">{CONTENT_TEXTS.contact.empty}</p>
          ) : (
            <ContactDetails data={data} headingLevel={headingLevel} />
          )}
          {!data &&
            (headingLevel === 1 ? (
              <h1 id="contact-heading" className="sr-only">
                {CONTENT_PUBLIC_UI_TEXTS.contactSection.contactUs}
              </h1>
            ) : (
              <h2 id="contact-heading" className="sr-only">
                {CONTENT_PUBLIC_UI_TEXTS.contactSection.contactUs}
              </h2>
            ))}
          <div className="mt-8 rounded-2xl border border-slate-200 bg-slate-50 p-5 sm:p-6">
            <Suspense fallback={<div aria-busy="true" className="min-h-[26rem] sm:min-h-[20rem]" />}>
              <ContactForm />
            </Suspense>
          </div>
        </div>
        {data?.imageUrl && <ContactIllustration url={data.imageUrl} />}
      </div>
    </section>
  );
}
