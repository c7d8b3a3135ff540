import { CONTENT_PUBLIC_UI_TEXTS } from "@mailsmith/shared";
import { useDocumentTitle } from "@/lib/use-document-title";
import { AboutSection } from "../components/landing/about-section";
import { HowItWorksSection } from "../components/landing/how-it-works-section";

/** /about: the spec leaves its content open; it shows the about section (both parts) and How It Works. */
export function AboutPage() {
  useDocumentTitle(CONTENT_PUBLIC_UI_TEXTS.aboutPage.aboutMailsmith2);
  return (
    <div>
      <header className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-7xl px-4 py-14 text-center sm:px-6 lg:px-8">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            {CONTENT_PUBLIC_UI_TEXTS.aboutPage.aboutUs}
          </p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            {CONTENT_PUBLIC_UI_TEXTS.aboutPage.aboutMailsmith}
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">
            {CONTENT_PUBLIC_UI_TEXTS.aboutPage.weTurnDesignImagesInto}
          </p>
        </div>
      </header>
      <AboutSection includeSecondPart />
      <HowItWorksSection />
    </div>
  );
}
