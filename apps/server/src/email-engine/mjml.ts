import mjml2html from "mjml";

/**
 * MJML output path (docs/decisions/059-mjml-or-direct-html.md). A model may answer with MJML
 * instead of HTML; the `mjml` package compiles it into table HTML with its battle-tested Outlook (MSO) fallbacks
 * and mobile stacking. The MJML source is kept for download.
 */

/** Largest MJML source compiled (a model answer is far smaller; this bounds the compiler's work). */
export const MJML_MAX_BYTES = 300_000;

/** True when the text is an MJML document (an <mjml> root), not HTML. */
export function looksLikeMjml(text: string): boolean {
  return /^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<mjml[\s>]/i.test(text);
}

export interface MjmlCompileResult {
  html: string;
  /** The validator's complaints ("line 12: mj-column cannot be used inside mj-body"), at most 20. */
  errors: string[];
}

export class MjmlCompileError extends Error {
  constructor(
    message: string,
    readonly errors: string[] = [],
  ) {
    super(message);
    this.name = "MjmlCompileError";
  }
}

/**
 * Compiles MJML to HTML. Soft validation (the document is compiled and the complaints returned), includes are
 * refused (mj-include would read the server's files), no web-font links are added (the email rules forbid web
 * fonts; a model's mj-font is dropped too).
 */
export async function compileMjml(source: string): Promise<MjmlCompileResult> {
  if (Buffer.byteLength(source) > MJML_MAX_BYTES) throw new MjmlCompileError("MJML source too large");
  const clean = source
    .replace(/<mj-include\b[^>]*\/?>(?:\s*<\/mj-include>)?/gi, "")
    .replace(/<mj-font\b[^>]*\/?>/gi, "");
  let out: Awaited<ReturnType<typeof mjml2html>>;
  try {
    out = await mjml2html(clean, {
      validationLevel: "soft",
      ignoreIncludes: true,
      fonts: {},
      keepComments: false,
      minify: false,
      beautify: false,
    });
  } catch (err) {
    throw new MjmlCompileError(err instanceof Error ? err.message : String(err));
  }
  if (!out.html || !/<body[\s>]/i.test(out.html)) throw new MjmlCompileError("MJML produced no document");
  return {
    html: out.html,
    errors: (out.errors ?? []).slice(0, 20).map((e) => e.formattedMessage ?? e.message),
  };
}

/** What the model is told when it should write MJML instead of HTML (replaces the HTML layout rules). */
export const MJML_RULES = [
  'Write MJML 4/5 (https://documentation.mjml.io), not HTML: one <mjml> document with <mj-head> (mj-title, mj-preview for the preheader, mj-attributes for default fonts and colours) and <mj-body width="600px">.',
  "Build the layout only from mj-section / mj-column (mj-group to keep columns side by side on phones), mj-text, mj-image, mj-button, mj-divider, mj-spacer, mj-social, mj-table and mj-wrapper. No mj-include, no mj-font, no mj-raw with scripts.",
  "Colours, font sizes, padding and alignment as attributes on the components (background-color, color, font-size, line-height, padding, align); web-safe font stacks (Arial, Helvetica, sans-serif or Georgia, serif).",
  'Every mj-image has an absolute https src (or src="image:<id>" for a picture cut from the design), a width and a meaningful alt; every link is an absolute https URL (https://example.com/... placeholders), except mailto: and tel:.',
  "End with a footer section with the sender's address and an unsubscribe link.",
];
