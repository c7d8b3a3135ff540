import { z } from "zod";
import { EMAIL_CHECK_MESSAGES } from "./email-check.js";
import { EMAIL_AUTOFIXES, EMAIL_REPORT_UI, ZEmailReportSchema } from "./email-report.js";
import { ZAltPictureSchema, ZAltTextsSchema } from "./template-edit.js";

/**
 * One-click fixes (decision 108): deterministic passes of the email engine, applied on Check
 * my email (POST /api/email-fix), by `npm run email:check -- --fix` and by default on generated emails. Each fix is
 * a named group of engine passes (the registry in apps/server/src/email-engine/fixes.ts).
 */
export const EMAIL_FIXES = ["accessibility", "dark-mode"] as const;
export type EmailFixName = (typeof EMAIL_FIXES)[number];

export const ZEmailFixChangeSchema = z.object({
  /** The check the change answers, e.g. "a11y.lang", "a11y.contrast", "a11y.alt", "a11y.headings", "links.text". */
  id: z.string(),
  /** One line: why. */
  reason: z.string(),
  before: z.string(),
  after: z.string(),
  /** false: a suggestion for the member (an alt text, a link text); the email was not changed for it. */
  applied: z.boolean(),
});
export type TEmailFixChange = z.infer<typeof ZEmailFixChangeSchema>;

/**
 * POST /api/email-fix: the report's one-click fixes on Check my email — the same list as a template's (use-https,
 * accessibility, dark-mode, alt-text). "alt-text" carries the member's alt texts (part ids of `html`, as the check or
 * the previous fix answered them in `altPictures`); at least one must be written.
 */
export const ZEmailFixRequestSchema = z
  .object({
    html: z.string({ error: EMAIL_CHECK_MESSAGES.htmlRequired }),
    fixes: z.array(z.enum(EMAIL_AUTOFIXES)).min(1).max(EMAIL_AUTOFIXES.length).default(["accessibility"]),
    alts: ZAltTextsSchema.optional(),
  })
  .refine((v) => !v.fixes.includes("alt-text") || (v.alts ?? []).some((a) => a.alt), {
    message: EMAIL_REPORT_UI.altRequired,
    path: ["alts"],
  });
export type TEmailFixRequest = z.input<typeof ZEmailFixRequestSchema>;

export const ZEmailFixResponseSchema = z.object({
  success: z.literal(true),
  /** The fixed email (processed as an existing email, then the fixes). */
  html: z.string(),
  /** Its plain-text part, written again from the fixed email. */
  text: z.string(),
  changes: z.array(ZEmailFixChangeSchema),
  /** The report of the fixed email: the shape of POST /api/email-check's (rendered checks and previews included). */
  report: ZEmailReportSchema,
  /** Pictures of the fixed email still waiting for an alt text (part ids of `html`). */
  altPictures: z.array(ZAltPictureSchema),
});
export type TEmailFixResponse = z.infer<typeof ZEmailFixResponseSchema>;

const px = (n: number) => `${Math.round(n * 10) / 10} px`;

/** Texts of the fixes: the reasons listed with each change, and the Check my email page's fix panel. */
export const EMAIL_FIX_TEXTS = {
  langSet: (lang: string, where: string) => `Language set to "${lang}" on ${where} (detected from the text).`,
  langPreferred: (lang: string, where: string) =>
    `Language set to "${lang}" on ${where} (your language: the text is too short or too mixed to tell).`,
  langKept: (lang: string, where: string) => `The email's language "${lang}" repeated on ${where}.`,
  dirSet: (dir: string, where: string) => `Reading direction "${dir}" set on ${where}.`,
  titleSet: (from: "subject" | "heading" | "text") =>
    `Title added from the ${from === "subject" ? "subject" : from === "heading" ? "first heading" : "largest text at the top"} (screen readers announce it first).`,
  rolePresentation: 'Layout table marked role="presentation" (screen readers read its text, not a grid).',
  altDecorative: (why: "spacer" | "tiny" | "linked") =>
    why === "spacer"
      ? 'Spacer image given alt="" (decorative: screen readers skip it).'
      : why === "tiny"
        ? 'Tiny image given alt="" (decorative: screen readers skip it).'
        : 'Image inside a link that already has text given alt="" (the link text names it).',
  altSuggestion:
    "Waiting for your alt text: this picture has none, and only you know what it shows (the suggestion is not written in).",
  altWaiting:
    "Waiting for your alt text: this picture is a link's only content; say where the link goes or what the picture shows.",
  linkNamed: "A link whose only content was a picture without alt text is named after where it goes.",
  linkUnderlined: (link: string, text: string) =>
    `Link underlined: its colour ${link} is too close to the text around it (${text}) to tell it apart by colour alone.`,
  headingOne: "The first and largest heading is the email's main heading (aria-level 1).",
  headingPromoted: (size: number) => `Largest text (${px(size)}) marked as the email's main heading.`,
  headingSkip: (from: number, to: number) =>
    `Heading level ${to} follows level ${from}: it is read as level ${from + 1}.`,
  vagueLink: "Link text does not say where it goes: a suggestion (not changed).",
  contrast: (ratio: number, needed: number, sample: string) =>
    `Text "${sample}" at ${ratio.toFixed(2)}:1 is below ${needed}:1 (WCAG AA): colour moved to the nearest that reaches it.`,
  styleContrast: (ratio: number, needed: number, sample: string, selector: string) =>
    `The style rule "${selector}" colours "${sample}" at ${ratio.toFixed(2)}:1, below ${needed}:1 (WCAG AA): its colour moved to the nearest that reaches it.`,
  ui: {
    fixAccessibility: "Fix accessibility",
    fixing: "Fixing…",
    hint: "Applies free, deterministic fixes: language and direction, layout tables, decorative images, title, headings and low-contrast colours. Suggestions are listed, not written in.",
    title: "Accessibility fixes",
    before: "Before",
    after: "After",
    changesTitle: (n: number) => `${n} change${n === 1 ? "" : "s"}`,
    suggestion: "Suggestion",
    nothing: "Nothing to fix: the email already passes these checks.",
    download: "Download fixed HTML",
    fileName: "email_fixed.html",
    failed: "The email could not be fixed. Please try again.",
    noPreview: "No preview: rendering is not available right now.",
    afterReport: "The fixed email's report:",
  },
} as const;

/** The axe-core check of the rendered email. */
export const AXE_CHECK_TEXTS = {
  title: "Accessibility in the browser (axe-core)",
  pass: (rules: number) => `axe-core found no problem in the rendered email (${rules} rules that apply to email).`,
  found: (n: number) =>
    `axe-core found ${n} problem${n === 1 ? "" : "s"} in the rendered email (an independent second opinion beside our checks).`,
  fix: "Use Fix accessibility for language, direction, layout tables, title, headings and contrast; the rest is listed per rule.",
  item: (rule: string, count: number, help: string, where: string) =>
    `${rule} (${count} element${count === 1 ? "" : "s"}): ${help} — ${where}`,
} as const;
