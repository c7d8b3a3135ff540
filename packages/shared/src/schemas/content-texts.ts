/**
 * Landing-page content routes, constants, URL checks and texts — no zod here: the landing page imports these
 * without the schemas (they live in content.ts, which re-exports this file; issue 12 item 6).
 */

// ---------- Routes and constants ----------

export const CONTENT_ROUTES = {
  hero: "/api/hero-section",
  banner: "/api/banner-section",
  features: "/api/features-section",
  about: "/api/about-section",
  testimonials: "/api/testimonials",
  footer: "/api/footer-section",
  contactPage: "/api/contact-page",
} as const;

export const LANDING_TITLE = "Create Stunning HTML Email Templates Fast with AI";
/** Hero media box (site §9). */
export const HERO_MEDIA_WIDTH = 800;
export const HERO_MEDIA_HEIGHT = 450;
/** Banner-page notices hide after 5 s (admin §4). */
export const BANNER_NOTICE_MS = 5000;
/** Admin testimonials table: quote cut to 50 characters plus an ellipsis (admin §9). */
export const TESTIMONIAL_QUOTE_PREVIEW = 50;
export const DEFAULT_TESTIMONIAL_RATING = 5;
export const DEFAULT_FEATURE_CATEGORY = "AI Features";
/** An empty class-type feature icon is saved as the memo-check icon (admin §5). */
export const DEFAULT_FEATURE_ICON_CLASS = "icon-memo-check";
/** A new contact entry defaults to type phone with a phone-call icon (admin §5). */
export const DEFAULT_CONTACT_ENTRY_ICON = "icon-phone-call";
export const ABOUT_IMAGE_SLOTS = 3;
/** Local-storage key of the cached footer (site §3: cached footer data with timestamp). */
export const FOOTER_CACHE_KEY = "mailsmith:footer";
/** Id of the JSON script element in the landing page's HTML carrying the sections' content. */
export const LANDING_BOOTSTRAP_ID = "mailsmith-landing";
/** Id of the JSON script element carrying the packages on sale, for the landing page's pricing. */
export const LANDING_PACKAGES_ID = "mailsmith-landing-packages";
/** Sent with every public content answer: the footer's current ETag, so a cached footer knows it is outdated. */
export const FOOTER_VERSION_HEADER = "x-footer-version";

/** Icon classes the site draws itself (no icon font is hotlinked). */
export const CONTENT_ICON_CLASSES = [
  "icon-memo-check",
  "icon-upload",
  "icon-layout",
  "icon-sparkles",
  "icon-code",
  "icon-send",
  "icon-device",
  "icon-palette",
  "icon-shield",
  "icon-clock",
  "icon-chat",
  "icon-phone-call",
  "icon-mail",
  "icon-map-pin",
] as const;

export const SOCIAL_PLATFORMS = [
  "facebook",
  "x",
  "instagram",
  "linkedin",
  "youtube",
  "github",
  "dribbble",
  "website",
] as const;
export const BANNER_PATTERNS = ["none", "dots", "grid", "waves"] as const;

// ---------- Field helpers ----------

/** "" or an http(s) URL or a same-site path ("/…", not "//…"). Images and media use this. */
export function isSafeUrlOrPath(value: string): boolean {
  if (value === "") return true;
  if (value.startsWith("/") && !value.startsWith("//") && !value.includes("\\")) return true;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** Link targets may also be in-page anchors, mailto: and tel: (never javascript: or data:). */
export function isSafeHref(value: string): boolean {
  if (value.startsWith("#")) return true;
  if (/^(mailto|tel):[^\s]+$/i.test(value)) return true;
  return isSafeUrlOrPath(value);
}
// ---------- Texts (quoted by the spec; a few success texts the spec leaves open are ours) ----------

export const CONTENT_TEXTS = {
  retry: "Retry",
  howItWorks: "How It Works",
  testimonialsHeading: "What Our Clients Say",
  hero: {
    loadError: "Error Loading Hero Section",
    fetchFailed: "Failed to fetch hero data",
  },
  banner: {
    loadError: "Error Loading Banner",
    fetchFailed: "Failed to fetch banner data",
  },
  features: {
    loading: "Loading...",
    loadError: "Error Loading Features",
    fetchFailed: "Failed to fetch features data",
  },
  about: {
    loadError: "Error Loading About Section",
    fetchFailed: "Failed to fetch about data",
  },
  contact: {
    loading: "Loading contact information...",
    error: (message: string) => `Error loading contact information: ${message}`,
    empty: "No contact information available.",
    sending: "Sending...",
    send: "Send Message",
  },
  testimonials: {
    loading: "Loading testimonials...",
    failed: "Failed to fetch testimonials",
    empty: "No testimonials available.",
    defaultAuthorName: "Anonymous",
    defaultAuthorTitle: "User",
    defaultQuote: "No testimonial provided.",
  },
  footer: {
    loading: "Loading footer...",
    error: (message: string) => `Error: ${message}`,
    fetchFailed: "Failed to fetch footer data",
    quickLinks: "Quick Links",
    ourContact: "Our Contact",
  },
  logo: {
    fallback: "Logo",
    imageError: "Logo Error",
  },
} as const;

export const CONTENT_ADMIN_TEXTS = {
  notice: { resetConfirm: "Are you sure you want to reset to default values?" },
  /** Row actions of the features and testimonials lists, named by their effect. */
  list: {
    edit: "Edit",
    show: "Show on the landing page",
    hide: "Hide from the landing page",
    delete: "Delete…",
    confirmDelete: "Delete",
    cancel: "Cancel",
  },
  banner: {
    heading: "Banner Section Management",
    loadError: "Error Loading Banner Data",
    fetchFailed: "Failed to fetch banner data",
    connectFailed: "Failed to connect to server",
    updateFailed: "Failed to update banner section",
    saveFailed: "Failed to save changes",
    toggleFailed: "Failed to toggle banner status",
    resetFailed: "Failed to reset banner section",
    youtubeInvalid: "Please enter a valid YouTube URL",
    imageInvalid: "Please enter a valid image URL (jpg, jpeg, png, gif, webp)",
    updated: "Banner section updated successfully!",
    activated: "Banner activated successfully!",
    deactivated: "Banner deactivated successfully!",
    deleted: "Banner deleted successfully! It is no longer shown on the home page.",
    reset: "Banner section reset to default successfully!",
    confirmDelete: "Are you sure you want to delete the banner? It will be hidden from the home page.",
    confirmReset: "Are you sure you want to reset the banner to its default content? This cannot be undone.",
  },
  hero: {
    heading: "Home Banner (Hero)",
    loadError: "Error Loading Hero Data",
    updated: "Hero section updated successfully!",
    updateFailed: "Failed to update hero section",
    reset: "Hero section reset to default successfully!",
    resetFailed: "Failed to reset hero section",
    confirmReset: "Are you sure you want to reset the hero to its default content? This cannot be undone.",
  },
  features: {
    heading: "Features Section Management",
    addButton: "Add New Feature",
    tableTitle: "Current Features",
    empty: "No features found. Add your first feature!",
    loadError: "Error Loading Features Data",
    added: "Feature added successfully!",
    updated: "Feature updated successfully!",
    addFailed: "Failed to add feature",
    updateFailed: "Failed to update feature",
    deleted: "Feature deleted successfully!",
    deleteFailed: "Failed to delete feature",
    activated: "Feature activated successfully!",
    deactivated: "Feature deactivated successfully!",
    toggleFailed: "Failed to toggle feature status",
    formEdit: "Edit Feature",
    /** Names the feature. */
    confirmDelete: (title: string) =>
      `Are you sure you want to delete the feature "${title}"? It disappears from How It Works.`,
    reset: "Features reset to default successfully!",
    resetFailed: "Failed to reset features",
  },
  about: {
    heading: "About Section Management",
    statusCard: "Current About Section Status",
    loadError: "Error Loading About Data",
    fetchFailed: "Failed to fetch about data",
    updated: "About section updated successfully!",
    activated: "About section activated successfully!",
    deactivated: "About section deactivated successfully!",
    reset: "About section reset to default successfully!",
    deleted: "About section deactivated successfully!",
    updateFailed: "Failed to update about section",
    toggleFailed: "Failed to toggle about section status",
    resetFailed: "Failed to reset about section",
    deleteFailed: "Failed to deactivate about section",
    confirmReset: "Are you sure you want to reset the about section to default settings?",
    confirmDeactivate: "Are you sure you want to deactivate the about section?",
  },
  testimonials: {
    heading: "Testimonials Management",
    formAdd: "Add New Testimonial",
    formEdit: "Edit Testimonial",
    empty: "No testimonials found. Add a new testimonial to get started.",
    fetchFailed: "Failed to fetch testimonials",
    createFailed: "Failed to create testimonial",
    updateFailed: "Failed to update testimonial",
    deleteFailed: "Failed to delete testimonial",
    created: "Testimonial added successfully!",
    updated: "Testimonial updated successfully!",
    deleted: "Testimonial deleted successfully!",
    /** Names the author. */
    confirmDelete: (author: string) =>
      `Are you sure you want to delete the testimonial by ${author}? It disappears from the landing page.`,
    reset: "Testimonials reset to default successfully!",
    resetFailed: "Failed to reset testimonials",
  },
  footer: {
    heading: "Footer Management",
    noData: "No footer data available",
    fetchFailed: "Failed to fetch footer data",
    updateFailed: "Failed to update footer",
    resetFailed: "Failed to reset footer",
    updated: "Footer updated successfully!",
    reset: "Footer reset to default successfully!",
    error: (message: string) => `Error: ${message}`,
  },
  logo: {
    heading: "Logo Update",
    fetchFailed: "Failed to fetch logo data",
    fetchError: "Error fetching logo data",
    updateFailed: "Failed to update logo",
    updated: "Logo updated successfully!",
    blank: "Please enter a logo URL.",
  },
  contactPage: {
    heading: "Contact Page",
    loadError: "Error Loading Contact Page Data",
    updated: "Contact page updated successfully!",
    updateFailed: (message: string) => `Failed to update contact page: ${message}`,
    updateError: "Error updating contact page",
    reset: "Contact page reset to default successfully!",
    resetFailed: (message: string) => `Failed to reset contact page: ${message}`,
    resetError: "Error resetting contact page",
  },
} as const;

/** Texts of the public content pages (landing sections, about, contact, footer): labels, placeholders, headings. */
export const CONTENT_PUBLIC_UI_TEXTS = {
  aboutSection: {
    loading: "Loading...",
  },
  contactForm: {
    contactForm: "Contact form",
    name: "Name",
    yourName: "Your name",
    email: "Email",
    subject: "Subject",
    howCanWeHelp: "How can we help?",
    phone: "Phone",
    message: "Message",
    tellUsALittleAbout: "Tell us a little about your question",
  },
  heroSection: {
    loading: "Loading",
    previewOfAnEmailTemplate: "Preview of an email template generated by Mailsmith",
    seeHowItWorks: "See how it works",
  },
  sectionState: {
    loading: "Loading",
  },
  siteFooter: {
    socialMedia: "Social media",
  },
  aboutPage: {
    aboutUs: "About us",
    aboutMailsmith: "About Mailsmith",
    weTurnDesignImagesInto:
      "We turn design images into responsive, email-safe HTML so your team can ship campaigns faster.",
    aboutMailsmith2: "About - Mailsmith",
  },
  contactSection: {
    illustrationOfTheMailsmithSupport: "Illustration of the Mailsmith support team answering messages",
    contactUs: "Contact us",
    contact: "Contact",
  },
  howItWorksSection: {
    simpleProcess: "Simple process",
    fromADesignFileTo: "From a design file to production-ready HTML in a few steps.",
  },
  testimonialsSection: {
    photoOf: (name: string) => `Photo of ${name}`,
    testimonials: "Testimonials",
    marketersDesignersAndDevelopersWho: "Marketers, designers and developers who ship email with Mailsmith.",
  },
  contactPage: {
    contactUsMailsmith: "Contact Us - Mailsmith",
  },
} as const;
