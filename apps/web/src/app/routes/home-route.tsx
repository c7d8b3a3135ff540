import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { anchors, paths } from "@/config/paths";
import { PricingSection } from "@/features/packages/components/pricing-section";
import { useDocumentTitle } from "@/lib/use-document-title";

/**
 * The landing page composes sections from several features (content, packages).
 * Order (spec): hero, promotional banner, How It Works, about, pricing, contact, testimonials.
 */
export function HomeRoute() {
  useDocumentTitle("Create Stunning HTML Email Templates Fast with AI");
  return (
    <main>
      <section className="mx-auto max-w-7xl px-4 py-20 text-center sm:px-6 lg:px-8">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
          Create Stunning HTML Email Templates <span className="text-brand-600">Fast with AI</span>
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-600">
          Upload a design, pick an email type, and get responsive, email-safe HTML.
        </p>
        <Link to={paths.register} className={buttonClasses("primary", "mt-8")}>
          Get started free
        </Link>
      </section>
      <section id={anchors.about} />
      <section id={anchors.pricing}>
        <PricingSection />
      </section>
      <section id={anchors.contact} />
      <section id={anchors.testimonials} />
    </main>
  );
}
