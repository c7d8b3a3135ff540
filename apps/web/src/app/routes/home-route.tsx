import { LANDING_TITLE } from "@mailsmith/shared";
import { type ReactNode, startTransition, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { anchors } from "@/config/paths";
import { PricingSection } from "@/features/commerce/catalogue/components/pricing-section";
import { AboutSection } from "@/features/content/components/landing/about-section";
import { BannerSection } from "@/features/content/components/landing/banner-section";
import { ContactSection } from "@/features/content/components/landing/contact-section";
import { HeroSection } from "@/features/content/components/landing/hero-section";
import { HowItWorksSection } from "@/features/content/components/landing/how-it-works-section";
import { TestimonialsSection } from "@/features/content/components/landing/testimonials-section";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useServerOrHydrating } from "@/lib/use-server-or-hydrating";

/**
 * Renders its children right after the first screen has painted, as an interruptible transition, so a slow
 * phone never spends one long task on the whole page (Lighthouse TBT, decision 012). Then honours a #hash.
 * The prerendered page (decision 082) already has every section, so its render and hydration keep them.
 */
function AfterFirstPaint({ children }: { children: ReactNode }) {
  const prerendered = useServerOrHydrating();
  const [ready, setReady] = useState(prerendered);
  const { hash } = useLocation();
  useEffect(() => startTransition(() => setReady(true)), []);
  useEffect(() => {
    if (ready && hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [ready, hash]);
  return ready ? children : <div className="min-h-screen" aria-hidden="true" />;
}

/**
 * The landing page composes sections from several features (content, packages).
 * Order (spec): hero, promotional banner, How It Works, about, pricing, contact, testimonials.
 */
export function HomeRoute() {
  useDocumentTitle(LANDING_TITLE);
  return (
    <div>
      <HeroSection />
      <AfterFirstPaint>
        <BannerSection />
        <HowItWorksSection />
        <div id={anchors.about} className="scroll-mt-16">
          <AboutSection />
        </div>
        <section id={anchors.pricing} className="scroll-mt-16">
          <PricingSection />
        </section>
        <div id={anchors.contact} className="scroll-mt-16">
          <ContactSection />
        </div>
        <div id={anchors.testimonials} className="scroll-mt-16">
          <TestimonialsSection />
        </div>
      </AfterFirstPaint>
    </div>
  );
}
