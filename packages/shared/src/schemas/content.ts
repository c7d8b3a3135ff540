import { z } from "zod";

/**
 * Landing-page content (spec: site §2/§3/§7/§8, admin §2/§3/§5/§7/§8): hero, banner, features,
 * about, testimonials, footer (and logo), contact page. Routes, limits, and every quoted text live here.
 */

import {
  BANNER_PATTERNS,
  DEFAULT_CONTACT_ENTRY_ICON,
  DEFAULT_FEATURE_CATEGORY,
  DEFAULT_FEATURE_ICON_CLASS,
  DEFAULT_TESTIMONIAL_RATING,
  isSafeHref,
  isSafeUrlOrPath,
} from "./content-texts.js";

export * from "./content-texts.js";

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

// ---------- Hero (its own record, edited in the Banner Section pane) ----------

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
