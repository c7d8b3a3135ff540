import { z } from "zod";

/**
 * Landing-page content (spec: site §2/§3/§7/§8, admin §2/§3/§5/§7/§8): hero, banner, features,
 * about, testimonials, footer (and logo), contact page. Routes, limits, and every quoted text live here.
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
/** Id of the JSON script element in the landing page's HTML carrying the sections' content (decision 012). */
export const LANDING_BOOTSTRAP_ID = "mailsmith-landing";
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

const text = (max: number) => z.string().trim().max(max);
const requiredText = (max: number, message: string) => z.string().trim().min(1, message).max(max);
const mediaUrl = z
  .string()
  .trim()
  .max(2048)
  .refine(isSafeUrlOrPath, "Enter an http(s) address or a site path starting with /");
const href = z
  .string()
  .trim()
  .max(2048)
  .refine(isSafeHref, "Enter an http(s) address, a site path, an #anchor, mailto: or tel:");
const iconClass = z
  .string()
  .trim()
  .max(80)
  .regex(/^[A-Za-z0-9 _-]*$/, "An icon class uses letters, digits, spaces, - and _ only");
const timestamps = { createdAt: z.string(), updatedAt: z.string() };

/** Every content answer: success, data, message (site §7). */
export function contentResponse<T extends z.ZodTypeAny>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string() });
}

// ---------- Hero (decision 010: its own record, edited in the Banner Section pane) ----------

export const ZHeroInputSchema = z.object({
  subTitle: text(120).default(""),
  title: requiredText(160, "Title is required"),
  highlightText: text(120).default(""),
  description: text(600).default(""),
  buttonText: text(60).default(""),
  buttonLink: href.default(""),
  videoUrl: mediaUrl.default(""),
  imageUrl: mediaUrl.default(""),
  backgroundImage: mediaUrl.default(""),
});
export type THeroInput = z.input<typeof ZHeroInputSchema>;
export type THeroContent = z.output<typeof ZHeroInputSchema>;
export const ZHeroSchema = ZHeroInputSchema.extend(timestamps);
export type THero = z.infer<typeof ZHeroSchema>;

// ---------- Banner ----------

export const ZBannerInputSchema = z.object({
  isActive: z.boolean().default(true),
  subTitle: text(120).default(""),
  mainTitle: requiredText(160, "Main title is required"),
  highlightText: text(120).default(""),
  description: text(600).default(""),
  buttonText: text(60).default(""),
  buttonLink: href.default(""),
  /** The editor only colours a non-YouTube link; the server accepts any http(s) address. */
  youtubeUrl: mediaUrl.default(""),
  backgroundImage: mediaUrl.default(""),
  backgroundPattern: z.enum(BANNER_PATTERNS).default("dots"),
});
export type TBannerInput = z.input<typeof ZBannerInputSchema>;
export type TBannerContent = z.output<typeof ZBannerInputSchema>;
export const ZBannerSchema = ZBannerInputSchema.extend(timestamps);
export type TBanner = z.infer<typeof ZBannerSchema>;

export const ZBannerStatsSchema = z.object({
  isActive: z.boolean(),
  hasYoutubeVideo: z.boolean(),
  hasBackgroundImage: z.boolean(),
  lastUpdated: z.string().nullable(),
});
export type TBannerStats = z.infer<typeof ZBannerStatsSchema>;

// ---------- Features (How It Works) ----------

export const ZFeatureInputSchema = z
  .object({
    title: requiredText(120, "Title is required"),
    description: requiredText(600, "Description is required"),
    iconType: z.enum(["image", "class"]).default("image"),
    icon: z.string().trim().max(2048).default(""),
    category: text(60).default(DEFAULT_FEATURE_CATEGORY),
    /** Missing on create: the highest existing order plus 1 (admin §4); missing on update: unchanged. */
    order: z.coerce.number().int().min(0).max(100_000).optional(),
    isActive: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    const check = v.iconType === "image" ? mediaUrl.safeParse(v.icon) : iconClass.safeParse(v.icon);
    if (!check.success) ctx.addIssue({ code: "custom", path: ["icon"], message: check.error.issues[0]!.message });
  })
  .transform((v) => ({
    ...v,
    category: v.category || DEFAULT_FEATURE_CATEGORY,
    icon: v.iconType === "class" && v.icon === "" ? DEFAULT_FEATURE_ICON_CLASS : v.icon,
  }));
export type TFeatureInput = z.input<typeof ZFeatureInputSchema>;
export type TFeatureContent = z.output<typeof ZFeatureInputSchema>;
export const ZFeatureSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  iconType: z.enum(["image", "class"]),
  icon: z.string(),
  /** The same value as icon (spec: iconValue). */
  iconValue: z.string(),
  category: z.string(),
  order: z.number().int(),
  isActive: z.boolean(),
  ...timestamps,
});
export type TFeature = z.infer<typeof ZFeatureSchema>;

// ---------- About ----------

export const ABOUT_MESSAGES_VALIDATION = {
  sectionTitlesRequired: "Section titles are required",
  featureRequired: "At least one feature is required",
  descriptionRequired: "Description is required",
  featureTextRequired: "Feature text is required",
} as const;

export const ZAboutImageSchema = z.object({
  url: mediaUrl.default(""),
  alt: text(200).default(""),
  animation: text(40).default(""),
});
export const ZAboutPartSchema = z.object({
  id: text(40).default(""),
  isActive: z.boolean().default(true),
  subtitle: text(120).default(""),
  title: requiredText(160, ABOUT_MESSAGES_VALIDATION.sectionTitlesRequired),
  description: requiredText(2000, ABOUT_MESSAGES_VALIDATION.descriptionRequired),
  features: z
    .array(z.object({ text: requiredText(200, ABOUT_MESSAGES_VALIDATION.featureTextRequired) }))
    .min(1, ABOUT_MESSAGES_VALIDATION.featureRequired)
    .max(20),
  buttonText: text(60).default(""),
  buttonLink: href.default(""),
  images: z.array(ZAboutImageSchema).max(6).default([]),
});
export type TAboutPart = z.output<typeof ZAboutPartSchema>;
export const ZAboutInputSchema = z.object({
  isActive: z.boolean().default(true),
  section1: ZAboutPartSchema,
  section2: ZAboutPartSchema,
  /** Sent by the editor (spec); the server sets its own timestamp. */
  updatedAt: z.string().optional(),
});
export type TAboutInput = z.input<typeof ZAboutInputSchema>;
export type TAboutContent = Omit<z.output<typeof ZAboutInputSchema>, "updatedAt">;
export const ZAboutSchema = z.object({
  isActive: z.boolean(),
  section1: ZAboutPartSchema,
  section2: ZAboutPartSchema,
  ...timestamps,
});
export type TAbout = z.infer<typeof ZAboutSchema>;

// ---------- Testimonials ----------

export const ZTestimonialInputSchema = z.object({
  quote: requiredText(1000, "Quote is required"),
  authorName: requiredText(120, "Author name is required"),
  authorTitle: requiredText(120, "Author title is required"),
  authorImage: mediaUrl.default(""),
  rating: z.coerce.number().int().min(1).max(5).default(DEFAULT_TESTIMONIAL_RATING),
  isActive: z.boolean().default(true),
});
export type TTestimonialInput = z.input<typeof ZTestimonialInputSchema>;
export type TTestimonialContent = z.output<typeof ZTestimonialInputSchema>;
export const ZTestimonialSchema = ZTestimonialInputSchema.extend({ _id: z.string(), ...timestamps });
export type TTestimonial = z.infer<typeof ZTestimonialSchema>;
/** GET /api/testimonials: the list is at data.data (site §7). */
export const ZTestimonialListSchema = z.object({ data: z.array(ZTestimonialSchema), total: z.number().int() });

// ---------- Footer (and the logo) ----------

export const ZFooterInputSchema = z.object({
  isActive: z.boolean().default(true),
  topSection: z.object({
    logoText: text(60).default(""),
    socialLinks: z
      .array(
        z.object({
          platform: requiredText(40, "Platform is required"),
          url: href.pipe(z.string().min(1, "URL is required")),
          isActive: z.boolean().default(true),
        }),
      )
      .max(20)
      .default([]),
  }),
  middleSection: z.object({
    logoUrl: mediaUrl.default(""),
    description: text(600).default(""),
    quickLinks: z
      .array(
        z.object({
          text: requiredText(60, "Link text is required"),
          url: href.pipe(z.string().min(1, "URL is required")),
          isActive: z.boolean().default(true),
        }),
      )
      .max(20)
      .default([]),
    contactInfo: z.object({
      email: z.union([z.literal(""), z.string().trim().max(254).email("Enter a valid email address")]).default(""),
      phone: text(40).default(""),
      address: text(300).default(""),
    }),
  }),
  bottomSection: z.object({ copyrightText: text(300).default("") }),
});
export type TFooterInput = z.input<typeof ZFooterInputSchema>;
export type TFooterContent = z.output<typeof ZFooterInputSchema>;
export const ZFooterSchema = ZFooterInputSchema.extend(timestamps);
export type TFooter = z.infer<typeof ZFooterSchema>;

// ---------- Contact page ----------

export const ZContactEntrySchema = z.object({
  type: z.enum(["phone", "email"]).default("phone"),
  icon: iconClass.default(DEFAULT_CONTACT_ENTRY_ICON),
  value: requiredText(200, "Value is required"),
  label: text(80).default(""),
});
export type TContactEntry = z.output<typeof ZContactEntrySchema>;
export const ZContactPageInputSchema = z.object({
  title: requiredText(160, "Title is required"),
  subtitle: text(300).default(""),
  description: text(1000).default(""),
  imageUrl: mediaUrl.default(""),
  isActive: z.boolean().default(true),
  contactInfo: z.array(ZContactEntrySchema).max(10).default([]),
});
export type TContactPageInput = z.input<typeof ZContactPageInputSchema>;
export type TContactPageContent = z.output<typeof ZContactPageInputSchema>;
export const ZContactPageSchema = ZContactPageInputSchema.extend(timestamps);
export type TContactPage = z.infer<typeof ZContactPageSchema>;

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
    confirmDelete: "Are you sure you want to delete this feature?",
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
    confirmDelete: "Are you sure you want to delete this testimonial?",
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
    updated: "Contact page updated successfully!",
    updateFailed: (message: string) => `Failed to update contact page: ${message}`,
    updateError: "Error updating contact page",
    reset: "Contact page reset to default successfully!",
    resetFailed: (message: string) => `Failed to reset contact page: ${message}`,
    resetError: "Error resetting contact page",
  },
} as const;
