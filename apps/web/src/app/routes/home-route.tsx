import { LANDING_TITLE } from "@mailsmith/shared";
import { anchors } from "@/config/paths";
import { AboutSection } from "@/features/content/components/landing/about-section";
import { BannerSection } from "@/features/content/components/landing/banner-section";
import { ContactSection } from "@/features/content/components/landing/contact-section";
import { HeroSection } from "@/features/content/components/landing/hero-section";
import { HowItWorksSection } from "@/features/content/components/landing/how-it-works-section";
import { TestimonialsSection } from "@/features/content/components/landing/testimonials-section";
import { PricingSection } from "@/features/packages/components/pricing-section";
import { useDocumentTitle } from "@/lib/use-document-title";

/**
 * The landing page composes sections from several features (content, packages).
 * Order (spec): hero, promotional banner, How It Works, about, pricing, contact, testimonials.
 */
export function HomeRoute() {
  useDocumentTitle(LANDING_TITLE);
  return (
    <main>
      <HeroSection />
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
    </main>
  );
}
