/** Server answers of the landing content routes (public reads and the admin editors). */
export const CONTENT_MESSAGES = {
  fetched: {
    hero: "Hero section fetched successfully",
    banner: "Banner section fetched successfully",
    bannerStats: "Banner stats fetched successfully",
    about: "About section fetched successfully",
    footer: "Footer section fetched successfully",
    contactPage: "Contact page fetched successfully",
    features: "Features fetched successfully",
    testimonials: "Testimonials fetched successfully",
  },
  bannerNotFound: "No banner data found.",
  aboutNotFound: "No about section found.",
  featureNotFound: "Feature not found.",
  testimonialNotFound: "Testimonial not found.",
} as const;
