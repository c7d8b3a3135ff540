import type {
  TAboutContent,
  TBannerContent,
  TContactPageContent,
  TFeatureContent,
  TFooterContent,
  THeroContent,
  TTestimonialContent,
} from "@mailsmith/shared";

/**
 * The content a fresh install shows, and what "Reset to Default" restores. Images are SVGs shipped in
 * apps/web/public/content (served by this server; nothing is hotlinked).
 */
export const SUPPORT_EMAIL = "support@mailsmith.app";
export const SUPPORT_PHONE = "+1 (415) 555-0137";

export const DEFAULT_HERO: THeroContent = {
  subTitle: "AI email template generator",
  title: "Create Stunning HTML Email Templates",
  highlightText: "Fast with AI",
  description:
    "Upload a design image, pick an email type, and Mailsmith writes responsive, email-safe HTML that renders in Gmail, Outlook and Apple Mail. No hand-built tables, no guesswork.",
  buttonText: "Get Started Free",
  buttonLink: "/register",
  videoUrl: "",
  imageUrl: "/content/hero-preview.svg",
  backgroundImage: "/content/hero-background.svg",
};

export const DEFAULT_BANNER: TBannerContent = {
  isActive: true,
  subTitle: "New: newsletter and event layouts",
  mainTitle: "Turn any mockup into a",
  highlightText: "ready-to-send email",
  description:
    "Drop in a screenshot from Figma, Canva or Photoshop. In under a minute you get clean, inline-styled HTML on a 600 px grid, with alt text on every image, ready for your email platform.",
  buttonText: "See pricing",
  buttonLink: "/#pricing-sec",
  youtubeUrl: "",
  backgroundImage: "",
  backgroundPattern: "dots",
};

export const DEFAULT_FEATURES: TFeatureContent[] = [
  {
    title: "Upload your design",
    description: "Drop in one or more screenshots or mockups of the email you want. PNG, JPG and WebP all work.",
    iconType: "class",
    icon: "icon-upload",
    category: "AI Features",
    order: 1,
    isActive: true,
  },
  {
    title: "Pick the email type",
    description:
      "Promotional, newsletter, welcome, transactional and more: the type tells the AI which structure and tone to follow.",
    iconType: "class",
    icon: "icon-layout",
    category: "AI Features",
    order: 2,
    isActive: true,
  },
  {
    title: "AI writes the HTML",
    description:
      "Mailsmith builds a 600 px, table-based template with inline styles that holds up in every major inbox, Outlook included.",
    iconType: "class",
    icon: "icon-sparkles",
    category: "AI Features",
    order: 3,
    isActive: true,
  },
  {
    title: "Preview, copy, send",
    description:
      "Check the live preview, then copy the code or download email_template.html and paste it into your email platform.",
    iconType: "class",
    icon: "icon-send",
    category: "AI Features",
    order: 4,
    isActive: true,
  },
];

const aboutImages = [
  {
    url: "/content/about-design.svg",
    alt: "A design mockup with a header, hero image and call-to-action button",
    animation: "fade-up",
  },
  { url: "/content/about-code.svg", alt: "The generated HTML email code in an editor window", animation: "fade-up" },
  { url: "/content/about-inbox.svg", alt: "The finished email open in an inbox on a phone", animation: "fade-up" },
];

export const DEFAULT_ABOUT: TAboutContent = {
  isActive: true,
  section1: {
    id: "section1",
    isActive: true,
    subtitle: "About Mailsmith",
    title: "Email design without the table-layout headaches",
    description:
      "Hand-coding HTML email is slow: nested tables, inline styles and client quirks turn a one-hour design into a two-day job. Mailsmith was built by email developers who wanted the tedious part automated, so marketers and designers can ship a campaign the day it is designed.",
    features: [
      { text: "Responsive 600 px layouts that hold up in Outlook" },
      { text: "Inline CSS and bulletproof buttons out of the box" },
      { text: "Descriptive alt text on every image" },
      { text: "Pay per template with credits, no subscription lock-in" },
    ],
    buttonText: "Start creating",
    buttonLink: "/register",
    images: aboutImages,
  },
  section2: {
    id: "section2",
    isActive: true,
    subtitle: "Why teams choose us",
    title: "Built for marketers, trusted by developers",
    description:
      "Designers keep working in the tools they know. Developers get markup they would have written themselves. Everyone skips the back-and-forth over broken layouts in the test send.",
    features: [
      { text: "Eight email types, from promotions to re-engagement" },
      { text: "Clean, readable code you can edit by hand" },
      { text: "One credit per template, refunded if a generation fails" },
    ],
    buttonText: "Talk to us",
    buttonLink: "/contact",
    images: [aboutImages[1]!, aboutImages[2]!, aboutImages[0]!],
  },
};

export const DEFAULT_TESTIMONIALS: TTestimonialContent[] = [
  {
    quote:
      "We used to spend two days coding every newsletter. Now our designer exports a PNG and we have working HTML before lunch.",
    authorName: "Priya Raman",
    authorTitle: "Email Marketing Lead, Brightleaf Studio",
    authorImage: "/content/avatar-priya.svg",
    rating: 5,
    isActive: true,
  },
  {
    quote:
      "The output is the table markup I would write myself, with inline styles and real alt text. It renders cleanly in Outlook, which says a lot.",
    authorName: "Marcus Olsen",
    authorTitle: "Front-end Developer, Northwind Retail",
    authorImage: "/content/avatar-marcus.svg",
    rating: 5,
    isActive: true,
  },
  {
    quote:
      "Credits instead of a subscription fit how we work: a burst of campaigns before a launch, then a few quiet weeks.",
    authorName: "Sofia Martinez",
    authorTitle: "Founder, Casa Verde Coffee",
    authorImage: "/content/avatar-sofia.svg",
    rating: 5,
    isActive: true,
  },
];

export const DEFAULT_FOOTER: TFooterContent = {
  isActive: true,
  topSection: {
    logoText: "Mailsmith",
    socialLinks: [
      { platform: "facebook", url: "https://www.facebook.com/", isActive: true },
      { platform: "x", url: "https://x.com/", isActive: true },
      { platform: "linkedin", url: "https://www.linkedin.com/", isActive: true },
      { platform: "youtube", url: "https://www.youtube.com/", isActive: true },
    ],
  },
  middleSection: {
    logoUrl: "/content/logo.svg",
    description:
      "Mailsmith turns design images into responsive, email-safe HTML templates with AI, so you can spend your time on the message instead of the markup.",
    quickLinks: [
      { text: "Home", url: "/", isActive: true },
      { text: "About", url: "/about", isActive: true },
      { text: "Pricing", url: "/#pricing-sec", isActive: true },
      { text: "Testimonials", url: "/#testimonials-sec", isActive: true },
      { text: "Contact", url: "/contact", isActive: true },
    ],
    contactInfo: {
      email: SUPPORT_EMAIL,
      phone: SUPPORT_PHONE,
      address: "548 Market St, Suite 200, San Francisco, CA 94104",
    },
  },
  bottomSection: { copyrightText: "© 2026 Mailsmith. All rights reserved." },
};

export const DEFAULT_CONTACT_PAGE: TContactPageContent = {
  title: "Get in Touch",
  subtitle:
    "Questions about credits, templates or your account? Send us a message and we reply within one business day.",
  description: "Our support team works Monday to Friday, 9 am to 5 pm Pacific time.",
  imageUrl: "/content/contact-illustration.svg",
  isActive: true,
  contactInfo: [
    { type: "phone", icon: "icon-phone-call", value: SUPPORT_PHONE, label: "Call us, Mon to Fri" },
    { type: "email", icon: "icon-mail", value: SUPPORT_EMAIL, label: "Email support" },
  ],
};
