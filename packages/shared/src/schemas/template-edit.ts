import { z } from "zod";
import { EMAIL_AUTOFIXES } from "./email-report.js";

/**
 * Edit in place (issue 45 item 1, decision 126). The server reads a saved template's HTML with the email engine's
 * parser and lists its editable parts, each with an id that is stable for that version (kind + position in document
 * order); the page shows them as a form beside the sandboxed preview and sends a list of edits; the server applies
 * them (text escaped, addresses and colours checked), runs the engine and its checks again and saves a new version,
 * free. The email's own markup never runs in the page.
 */

export const TEMPLATE_EDIT_LIMITS = {
  /** Edits one save may carry. */
  maxEdits: 300,
  maxTextLength: 5_000,
  maxLabelLength: 200,
  maxAltLength: 300,
  maxUrlLength: 2_000,
  /** Pieces (words and links) of one text that holds links. */
  maxSegments: 200,
} as const;

/** Schemes a link may use; a picture's address must be http(s). */
export const LINK_SCHEMES = ["https:", "http:", "mailto:", "tel:"] as const;
export const IMAGE_SCHEMES = ["https:", "http:"] as const;

/** Texts of the editor and its errors (the spec does not word them). */
export const TEMPLATE_EDIT_TEXTS = {
  title: "Edit this email",
  intro: "Change texts, links, buttons, pictures and sections here. Saving makes a new version, free.",
  partsLabel: "Parts of the email",
  kinds: { text: "Text", link: "Link", button: "Button", image: "Picture", section: "Section" },
  pick: "Pick a part to change it.",
  textLabel: "Text",
  formattingNote: "Bold, italic and line breaks inside this text are replaced by the plain text you write.",
  /** A text that holds links (decision 140). */
  linkedFormattingNote: "Bold and italics inside this text are replaced by the plain text you write; its links stay.",
  linkedTextNote:
    "Underlined words are links: change their words here, their address in the link's own part. An address you type stays text.",
  linkRemoved: (words: string) => `The link “${words}” is removed with its words. Undo brings it back.`,
  linkWordsHere: (text: string) => `These words are part of the text “${text}”: changing them here changes them there.`,
  editText: "Edit the whole text",
  linkGone: "This link is removed: its words were deleted from its text. Undo brings it back.",
  hrefLabel: "Address (https://, http://, mailto: or tel:)",
  labelLabel: "Label",
  backgroundLabel: "Button colour",
  altLabel: "Alternative text (what the picture shows)",
  srcLabel: "Picture",
  replacePicture: "Replace picture…",
  uploading: "Uploading…",
  sectionsTitle: "Sections",
  sectionUp: (name: string) => `Move section ${name} up`,
  sectionDown: (name: string) => `Move section ${name} down`,
  sectionRemove: (name: string) => `Remove section ${name}`,
  sectionRestore: (name: string) => `Put back section ${name}`,
  removed: "Removed",
  pending: (n: number) => (n === 0 ? "No unsaved changes." : `${n} unsaved change${n === 1 ? "" : "s"}.`),
  undo: "Undo",
  discard: "Discard changes",
  save: "Save as new version",
  saving: "Saving…",
  saved: (version: number) => `Saved as version ${version} (free). The checks ran again.`,
  failed: "The changes could not be saved. Please try again.",
  loadFailed: "The parts of this email could not be read.",
  nothing: "This email has no part that can be edited here.",
  badScheme: "Use an address that starts with https://, http://, mailto: or tel:.",
  badImageScheme: "Use a picture address that starts with https:// or http://.",
  badColour: "Use a colour like #1a73e8.",
  unknownPart: "A part of the email changed since the editor opened it: reload the page and try again.",
  noEdits: "There is no change to save.",
  tooLong: "This text is too long.",
  sectionsInvalid: "Keep at least one section, each once.",
  emptyText: "Write some text, or remove the section instead.",
  emptyLabel: "A button or link needs a label.",
  textHasLinks: "This text holds links: send its words as segments, so that its links stay.",
  linkEmptyWords: "A link needs words: leave it out of the text to remove it.",
  linkTwice: "A link may appear only once in its text.",
  linkWordsTwice: "A link's words were changed both in its text and as its label: change them in one place.",
  textOrSegments: "Send the text's words either as text or as segments.",
  /** The version list (item 4): each version's fidelity against the chain's original design. */
  versionsHint: "Scores compare every version with the original design.",
  closer: (v: number, n: number) =>
    `Version ${v}: ${n} point${n === 1 ? "" : "s"} closer to the design than the version it came from`,
  further: (v: number, n: number) =>
    `Version ${v}: ${n} point${n === 1 ? "" : "s"} further from the design than the version it came from`,
  same: (v: number) => `Version ${v}: as close to the design as the version it came from`,
} as const;

const T = TEMPLATE_EDIT_TEXTS;

/** The scheme of an address as written (lower case, with the colon), or null when it has none. */
export function urlScheme(value: string): string | null {
  const m = /^\s*([a-z][a-z0-9+.-]*):/i.exec(value);
  return m ? `${m[1]!.toLowerCase()}:` : null;
}

/** A link address a member may write: an allowed scheme, no spaces or control characters inside. */
export function isAllowedLinkUrl(value: string, schemes: readonly string[] = LINK_SCHEMES): boolean {
  const v = value.trim();
  if (!v || v.length > TEMPLATE_EDIT_LIMITS.maxUrlLength) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\s\u0000-\u001f\u007f<>"`]/.test(v)) return false;
  const scheme = urlScheme(v);
  if (!scheme || !schemes.includes(scheme)) return false;
  if (scheme === "http:" || scheme === "https:") return /^https?:\/\/[^/?#\s]+/i.test(v);
  return v.length > scheme.length;
}

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
export const isHexColour = (value: string) => HEX_COLOUR.test(value.trim());

const partId = z.string().regex(/^(?:text|link|button|image|section)-\d{1,5}$/, T.unknownPart);
const linkUrl = z
  .string()
  .max(TEMPLATE_EDIT_LIMITS.maxUrlLength, T.badScheme)
  .refine((v) => isAllowedLinkUrl(v), T.badScheme);
const imageUrl = z
  .string()
  .max(TEMPLATE_EDIT_LIMITS.maxUrlLength, T.badImageScheme)
  .refine((v) => isAllowedLinkUrl(v, IMAGE_SCHEMES), T.badImageScheme);
const linkId = z.string().regex(/^link-\d{1,5}$/, T.unknownPart);
const label = z.string().trim().min(1, T.emptyLabel).max(TEMPLATE_EDIT_LIMITS.maxLabelLength);
const colour = z.string().refine(isHexColour, T.badColour);

/**
 * One piece of a text that holds links (decision 140): words, or a link's words with the link's part id. Line breaks
 * are "\n".
 */
export const ZTextSegmentSchema = z.object({
  text: z.string().max(TEMPLATE_EDIT_LIMITS.maxTextLength),
  link: linkId.optional(),
});
export type TTextSegment = z.infer<typeof ZTextSegmentSchema>;

export const ZEditablePartSchema = z.object({
  id: partId,
  kind: z.enum(["text", "link", "button", "image", "section"]),
  /** The element's tag (h1, p, td, a, img, tr …). */
  tag: z.string(),
  /** The section the part sits in (its id), when the email has sections. */
  section: z.string().nullable(),
  /** Text blocks: the visible text; links and buttons: the label (null for a link around a picture). */
  text: z.string().nullable(),
  /** The text had bold, italics or line breaks inside (replaced by plain text on change). */
  formatted: z.boolean().optional(),
  /** Text blocks that hold links: the words and the links' words in order (edited as segments, decision 140). */
  segments: z.array(ZTextSegmentSchema).optional(),
  /** Links inside a text block: that text part's id (the link's words are also that text's words). */
  within: z.string().optional(),
  href: z.string().optional(),
  /** Buttons: the background colour as #rrggbb (null when it has none that we can read). */
  background: z.string().nullable().optional(),
  src: z.string().optional(),
  alt: z.string().nullable().optional(),
  /** Pictures: a suggestion for a missing alt text (the model's alt, else where its link goes or its file name). */
  altSuggestion: z.string().optional(),
  /** Sections: a short name (its heading or first words). */
  name: z.string().optional(),
});
export type TEditablePart = z.infer<typeof ZEditablePartSchema>;

export const ZTemplatePartsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ templateId: z.string(), parts: z.array(ZEditablePartSchema) }),
});
export type TTemplateParts = z.infer<typeof ZTemplatePartsResponseSchema>["data"];

export const ZTemplateEditSchema = z.discriminatedUnion("op", [
  z
    .object({
      op: z.literal("text"),
      id: partId,
      /** A text without links: its new words. */
      text: z.string().trim().min(1, T.emptyText).max(TEMPLATE_EDIT_LIMITS.maxTextLength).optional(),
      /** A text that holds links: its words and links in order; a link left out is removed with its words. */
      segments: z.array(ZTextSegmentSchema).min(1, T.emptyText).max(TEMPLATE_EDIT_LIMITS.maxSegments).optional(),
    })
    .superRefine((e, ctx) => {
      if ((e.text === undefined) === (e.segments === undefined)) {
        ctx.addIssue({ code: "custom", message: T.textOrSegments });
        return;
      }
      if (!e.segments) return;
      const seen = new Set<string>();
      for (const s of e.segments) {
        if (!s.link) continue;
        if (!s.text.trim()) ctx.addIssue({ code: "custom", message: T.linkEmptyWords, path: ["segments"] });
        if (seen.has(s.link)) ctx.addIssue({ code: "custom", message: T.linkTwice, path: ["segments"] });
        seen.add(s.link);
      }
      const words = e.segments.map((s) => s.text).join("");
      if (!words.trim()) ctx.addIssue({ code: "custom", message: T.emptyText, path: ["segments"] });
      if (words.length > TEMPLATE_EDIT_LIMITS.maxTextLength)
        ctx.addIssue({ code: "custom", message: T.tooLong, path: ["segments"] });
    }),
  z.object({ op: z.literal("link"), id: partId, href: linkUrl.optional(), label: label.optional() }),
  z.object({
    op: z.literal("button"),
    id: partId,
    href: linkUrl.optional(),
    label: label.optional(),
    background: colour.optional(),
  }),
  z.object({
    op: z.literal("image"),
    id: partId,
    src: imageUrl.optional(),
    alt: z.string().trim().max(TEMPLATE_EDIT_LIMITS.maxAltLength).optional(),
  }),
  /** The sections to keep, in their new order (a section left out is removed). */
  z.object({ op: z.literal("sections"), order: z.array(partId).min(1, T.sectionsInvalid).max(500) }),
]);
export type TTemplateEdit = z.infer<typeof ZTemplateEditSchema>;

export const ZTemplateEditRequestSchema = z.object({
  edits: z.array(ZTemplateEditSchema).min(1, T.noEdits).max(TEMPLATE_EDIT_LIMITS.maxEdits),
});
export type TTemplateEditRequest = z.infer<typeof ZTemplateEditRequestSchema>;

export const ZEditPictureResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string(), width: z.number(), height: z.number() }),
});
export type TEditPicture = z.infer<typeof ZEditPictureResponseSchema>["data"];

/** The member's alt texts for the "alt-text" fix: one per picture, by its part id in the HTML the fix runs on. */
export const ZAltTextsSchema = z
  .array(z.object({ id: partId, alt: z.string().trim().max(TEMPLATE_EDIT_LIMITS.maxAltLength) }))
  .max(200);
export type TAltTexts = z.infer<typeof ZAltTextsSchema>;

/** A picture waiting for the member's alt text: its part id, address, and a suggestion to confirm when there is one. */
export const ZAltPictureSchema = z.object({
  id: partId,
  src: z.string(),
  /** The model's alt for it, else where its link goes or its title or file-name words; never written in unasked. */
  suggestion: z.string().optional(),
});
export type TAltPicture = z.infer<typeof ZAltPictureSchema>;

/** POST /api/templates/:id/autofix: the fix, and for "alt-text" the member's alt text per picture (its part id). */
export const ZTemplateAutofixSchema = z.object({
  fix: z.enum(EMAIL_AUTOFIXES),
  alts: ZAltTextsSchema.optional(),
});
export type TTemplateAutofix = z.infer<typeof ZTemplateAutofixSchema>;
