import { type ExportPlatform, tokenDefinition, tokenPattern } from "@mailsmith/shared";

/**
 * Template-engine code already in a member's HTML (written by a model, imported or pasted) is never handed to a sending
 * platform as live code (decision 125). Every platform runs the email through a template engine —
 * Mailchimp's merge language (and Handlebars), SendGrid's Handlebars, Klaviyo's and Brevo's Liquid-like engines,
 * HubSpot's HubL (Jinja) — and those engines read files, walk object attributes up to code, print raw HTML and loop.
 *
 * What passes: our own personalisation fields (`{{first_name|there}}`, converted by the export), plain variables
 * (`{{ contact.firstname }}`, `{{name}}`: a dotted name, no filter, no call, no `_`-led segment), plain Mailchimp merge
 * fields (`*|FNAME|*`) and the platforms' own compliance tags the export itself would write (Mailchimp's address and
 * unsubscribe, SendGrid's `{{{unsubscribe}}}`, Klaviyo's `{% unsubscribe_link %}` …) on their own platform. Everything
 * else — blocks, helpers, partials, triple-brace raw output, tags, filters, comments, attribute walks, Mailchimp
 * `*|HTML:…|*`, `*|IF:…|*`, feeds — is escaped: its delimiters become character references (`&#123;` for `{` …), so no
 * engine reads it and a reader of the email sees the text as it was written. Each is listed in the export notes.
 */

/** A plain variable: dotted names, no filter, call, index or `_`-led segment (Jinja's attribute walks start there). */
const PLAIN_VARIABLE = /^\s*[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*){0,4}\s*$/;
/** Handlebars and Jinja keywords that read as a plain name but steer a block. */
const KEYWORDS = new Set(["else", "end", "endif", "endfor", "break", "continue"]);
/** A plain Mailchimp merge field (`*|FNAME|*`). */
const MAILCHIMP_FIELD = /^[A-Z][A-Z0-9_]{0,29}$/;
/** Mailchimp's system tags that only print the list's own data (address, archive, unsubscribe). */
const MAILCHIMP_SYSTEM = new Set([
  "LIST:ADDRESSLINE",
  "LIST:ADDRESS",
  "LIST:COMPANY",
  "LIST:NAME",
  "LIST:DESCRIPTION",
  "HTML:LIST_ADDRESS_HTML",
  "LIST_ADDRESS_HTML",
  "MC:SUBJECT",
  "MC:DATE",
]);

/** Each platform's own tags in a form that is not a plain variable; they pass on that platform only. */
const PLATFORM_TAGS: Partial<Record<ExportPlatform, RegExp>> = {
  sendgrid: /^\{\{\{\s*(?:unsubscribe|unsubscribe_preferences)\s*\}\}\}$/,
  klaviyo:
    /^\{%\s*(?:unsubscribe|unsubscribe_link|web_view|web_view_link|manage_preferences|manage_preferences_link)\s*%\}$/,
};

/**
 * Every construct an engine reads — `{{{…}}}`, `{{…}}`, `{%…%}`, `{#…#}`, `*|…|*` — with a bounded body that holds no
 * other opener (an opener left open is caught by LONE_OPENER below and does not swallow the next construct).
 */
const BODY = (n: number) => String.raw`(?:(?!\{\{|\{%|\{#|\*\|)[\s\S]){0,${n}}?`;
const CONSTRUCT_SOURCE = [
  String.raw`\{\{\{${BODY(400)}\}\}\}`,
  String.raw`\{\{${BODY(400)}\}\}`,
  String.raw`\{%${BODY(400)}%\}`,
  String.raw`\{#${BODY(400)}#\}`,
  String.raw`\*\|${BODY(200)}\|\*`,
].join("|");
/** A fresh global regex each call (lastIndex is state). */
const construct = () => new RegExp(CONSTRUCT_SOURCE, "g");
/** An opener still in the HTML once the constructs are settled: a template engine would read on from it. */
const LONE_OPENER = /\{\{|\{%|\{#|\*\|/g;

const REFERENCES: Record<string, string> = {
  "{": "&#123;",
  "}": "&#125;",
  "%": "&#37;",
  "|": "&#124;",
  "*": "&#42;",
  "#": "&#35;",
};

/** The text with every delimiter character as a character reference: the same text to a reader, nothing to an engine. */
export function inertText(code: string): string {
  return code.replace(/[{}%|*#]/g, (c) => REFERENCES[c] as string);
}

/** True when this construct may stay live in an export to `platform`. */
function passes(code: string, platform: ExportPlatform): boolean {
  if (PLATFORM_TAGS[platform]?.test(code)) return true;
  if (code.startsWith("*|")) {
    const field = code.slice(2, -2);
    return MAILCHIMP_FIELD.test(field) || MAILCHIMP_SYSTEM.has(field);
  }
  if (code.startsWith("{{{") || !code.startsWith("{{")) return false;
  const ours = [...code.matchAll(tokenPattern())][0];
  // Our own field (with or without its fallback); an unknown name with a "fallback" is a filter call to an engine.
  if (ours && ours[0] === code) return tokenDefinition(ours[1] as string) !== undefined || ours[2] === undefined;
  const inner = code.slice(2, -2);
  return PLAIN_VARIABLE.test(inner) && !KEYWORDS.has(inner.trim());
}

export interface InertResult {
  html: string;
  /** The constructs made inert, each once, in order of appearance. */
  found: string[];
}

/** The member's HTML with every foreign template construct escaped (see the module head). */
export function neutraliseTemplateCode(html: string, platform: ExportPlatform): InertResult {
  const found: string[] = [];
  const note = (code: string) => {
    const shown = code.replace(/\s+/g, " ").slice(0, 60);
    if (!found.includes(shown)) found.push(shown);
  };
  const settled = html.replace(construct(), (code) => {
    if (passes(code, platform)) return code;
    note(code);
    return inertText(code);
  });
  // What is still an opener belongs to no construct the scan settled: escaped too, so an engine stops reading here.
  const parts = settled.split(new RegExp(`(${CONSTRUCT_SOURCE})`));
  const out = parts
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part.replace(LONE_OPENER, (opener) => {
            note(opener);
            return inertText(opener);
          }),
    )
    .join("");
  return { html: out, found };
}
