/** TanStack Query keys of the content feature. */
export const contentKeys = {
  all: ["content"] as const,
  hero: ["content", "hero"] as const,
  banner: ["content", "banner"] as const,
  bannerStats: ["content", "banner", "stats"] as const,
  features: ["content", "features"] as const,
  featuresAdmin: ["content", "features", "admin"] as const,
  about: ["content", "about"] as const,
  testimonials: ["content", "testimonials"] as const,
  testimonialsAdmin: ["content", "testimonials", "admin"] as const,
  footer: ["content", "footer"] as const,
  contactPage: ["content", "contact-page"] as const,
};
