import { LEGAL_PAGES } from "@mailsmith/shared";
import { useDocumentTitle } from "@/lib/use-document-title";

function LegalPage({ page }: { page: (typeof LEGAL_PAGES)[keyof typeof LEGAL_PAGES] }) {
  useDocumentTitle(`${page.title} - Mailsmith`);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-bold text-slate-900">{page.title}</h1>
      {page.sections.map((s) => (
        <section key={s.heading} className="mt-8">
          <h2 className="text-lg font-semibold text-slate-900">{s.heading}</h2>
          <p className="mt-2 text-slate-700">{s.body}</p>
        </section>
      ))}
    </article>
  );
}

/** /terms: linked from the sign-up form's terms checkbox. */
export function TermsRoute() {
  return <LegalPage page={LEGAL_PAGES.terms} />;
}

/** /privacy: linked from the sign-up form's terms checkbox. */
export function PrivacyRoute() {
  return <LegalPage page={LEGAL_PAGES.privacy} />;
}
