import {
  GENERATOR_LIMITS,
  PERSONALISATION_TOKENS,
  type TBrandKitSnapshot,
  type TDesignLayout,
} from "@mailsmith/shared";
import type { AnswerSchema } from "../../../adapters/model/model-client.js";
import { layoutSummary } from "../../../design-reader/layout-summary.js";
import { MJML_RULES } from "../../../email-engine/mjml.js";

/** Our email rules, sent with every request; post-processing enforces the ones that matter for safety. */
export const EMAIL_RULES = [
  'Write a complete HTML document: <!DOCTYPE html>, <html lang>, <meta charset="utf-8">, a viewport meta and <meta name="color-scheme" content="light dark">.',
  `Use a single centred column at most ${GENERATOR_LIMITS.emailMaxWidthPx}px wide built only from nested <table role="presentation" cellpadding="0" cellspacing="0" border="0"> elements; put widths in both the width attribute and inline style.`,
  "Put all CSS in inline style attributes. Do not use <style> blocks, classes, CSS variables (var()), flexbox, grid, position, float or external stylesheets.",
  "Never use <script>, event handler attributes (onclick …), forms, inputs, buttons, iframes, video, audio, SVG or web fonts. Buttons are tables with a link inside.",
  'Every <img> has an absolute https src, explicit width, style="display:block;max-width:100%;height:auto;border:0" and a meaningful alt text. Use https://placehold.co/WIDTHxHEIGHT/png for images you cannot reproduce.',
  "Every link is an absolute https URL (use https://example.com/... placeholders), except mailto: and tel: and the personalisation fields below.",
  `Personalise only with these fields, written exactly so (no spaces, optional fallback after a bar): ${PERSONALISATION_TOKENS.map((t) => `{{${t.name}}}`).join(", ")}; e.g. "Hi {{first_name|there}}", <a href="{{unsubscribe_url}}">Unsubscribe</a> and {{company_address}} in the footer. Never write another platform's merge tags.`,
  'Start the body with a hidden preheader: <div class="preheader" style="display:none;max-height:0;overflow:hidden;mso-hide:all;">one sentence</div>.',
  "Use web-safe font stacks (Arial, Helvetica, sans-serif or Georgia, serif), font sizes of at least 14px for body text and explicit line-height.",
  "Aim for 7 to 8 sections (header, hero, content blocks, call to action, footer with an unsubscribe link). When the designs do not set colours, use accent colours yellow, red and blue on a light background with enough contrast.",
  "Keep the whole document under 80 KB.",
];

export interface PromptInput {
  emailType: string;
  instructions: string;
  imageCount: number;
  /** Refinement: the HTML to change. */
  previousHtml?: string;
  /** Repair pass: what differs between the design and the rendered first attempt. */
  repair?: { score: number; differences: string[] };
  /** What the model writes: HTML (default) or MJML, compiled by the server (email-engine/mjml.ts). */
  format?: "html" | "mjml";
  /** The member's brand kit: colours, fonts, footer and tone where the design leaves them open. */
  brandKit?: TBrandKitSnapshot | null;
  /**
   * What the local design reader read in the first design: its layout and text go beside the image on
   * the first pass and the repair pass (null: no design, or the reader could not read it).
   */
  layout?: TDesignLayout | null;
  /** Repair pass: how many crops of the sections that differ most follow the design and the rendering. */
  sectionCrops?: number;
}

/** The prompt lines of a brand kit: facts about the member's brand, never instructions from it (values only). */
export function brandKitLines(kit: TBrandKitSnapshot): string[] {
  const p = kit.palette;
  const stack = kit.font.name ? `'${kit.font.name}', ${kit.font.fallback}` : kit.font.fallback;
  const lines = [
    "Brand kit (use it wherever the design does not decide otherwise):",
    `- Colours: primary ${p.primary}, accent ${p.accent}, text ${p.text}, background ${p.background}, links ${p.link}.`,
    `- Font stack for all text: ${stack}.`,
  ];
  if (kit.logoUrl) lines.push(`- Logo image: ${kit.logoUrl} (put it in the header).`);
  if (kit.footer.address) lines.push(`- Company address for the footer: ${kit.footer.address.replace(/\s+/g, " ")}`);
  if (kit.footer.social.length)
    lines.push(`- Social links for the footer: ${kit.footer.social.map((s) => `${s.label} ${s.url}`).join(", ")}.`);
  if (kit.tone.length) lines.push(`- Tone of voice: ${kit.tone.join(", ")}.`);
  return [...lines, ""];
}

/**
 * Structured output: the answer's JSON shape, with the images the model saw as boxes. Property order
 * puts html before designText so the email streams early. The neutral answer schema of the model interface (decision
 * 132): each adapter translates it into its provider's form.
 */
export const ANSWER_SCHEMA = {
  type: "object",
  properties: {
    subject: { type: "string" },
    preheader: { type: "string" },
    images: {
      type: "array",
      items: {
        type: "object",
        properties: {
          id: { type: "string" },
          kind: { type: "string", enum: ["photo", "logo", "icon"] },
          alt: { type: "string" },
          design: { type: "integer" },
          box: { type: "array", items: { type: "integer" } },
        },
        required: ["id", "kind", "alt", "design", "box"],
      },
    },
    html: { type: "string" },
    designText: { type: "string" },
  },
  required: ["subject", "preheader", "images", "html"],
} as const satisfies AnswerSchema;

/**
 * The prompt. The answer is JSON (site spec §7: the text between the first { and the last } is parsed and
 * its html read), so the stream can be decoded as it arrives.
 */
export function buildPrompt(input: PromptInput): string {
  const mjml = input.format === "mjml";
  const kind = mjml ? "MJML" : "HTML";
  // MJML: its own layout rules, then the general ones (sections and colours, size).
  const rules = mjml ? [...MJML_RULES, ...EMAIL_RULES.slice(-2)] : EMAIL_RULES;
  const lines = [
    "You are an expert email developer. You turn designs into HTML emails that render well in Gmail, Apple Mail, Outlook (including Outlook for Windows) and Yahoo Mail.",
    "",
    `Email type: ${input.emailType}`,
    `Member instructions: ${input.instructions.replace(/\s+/g, " ").trim()}`,
    "",
  ];
  if (input.brandKit) lines.push(...brandKitLines(input.brandKit));
  if (input.previousHtml) {
    lines.push(
      "Change the email below as the member instructions ask. Keep everything else as it is.",
      `PREVIOUS ${kind}:`,
      input.previousHtml,
      `END OF PREVIOUS ${kind}`,
      "",
    );
  } else if (input.imageCount > 0) {
    lines.push(
      `The ${input.imageCount === 1 ? "attached image is the design" : `${input.imageCount} attached images are the design (in order)`}. Reproduce its layout, colours, text and hierarchy as closely as email HTML allows.`,
      'Real images: list every photo, logo and icon you see in the design in "images", each with a short id (letters, digits, dashes), its kind (photo, logo or icon), alt text, the number of the design image it is on (1 = first) and its bounding box [ymin, xmin, ymax, xmax] on a 0-1000 scale of that image. In the HTML use src="image:<id>" for it (the server replaces it with the real cropped picture). Do not draw text that is part of the layout as an image.',
      'Put the visible text of the design, in reading order, in "designText".',
      "",
    );
  } else {
    lines.push(`There is no design image: write an original, attractive ${input.emailType.toLowerCase()} email.`, "");
  }
  if (input.layout && input.imageCount > 0) lines.push(...layoutSummary(input.layout), "");
  if (input.repair) {
    const crops = input.sectionCrops
      ? ` Then come ${input.sectionCrops} pair${input.sectionCrops === 1 ? "" : "s"} of crops of the sections that differ most: the design's section, then the same section of the rendering.`
      : "";
    lines.push(
      `A first version of this email was rendered and compared with the design: fidelity ${Math.round(input.repair.score)} of 100. The attached images are the design followed by that rendering.${crops} Fix these differences and keep everything that already matches:`,
      ...input.repair.differences.map((d) => `- ${d}`),
      "",
    );
  }
  lines.push(
    "Rules:",
    ...rules.map((r, i) => `${i + 1}. ${r}`),
    "",
    `Answer with JSON only, no Markdown: {"subject": "the subject line", "preheader": "the preview text", "images": [], "html": "the complete ${kind} document", "designText": ""}.`,
  );
  return lines.join("\n");
}
