/**
 * Personalisation tokens (issue 38 item 2, decision 114): one neutral syntax in the editor and in model output,
 * converted to each sending platform's own tags on export.
 *
 * Grammar: `{{name}}` or `{{name|fallback}}` — no spaces inside the braces, a lower-case snake_case name, a fallback of
 * at most 60 characters without `{ } | : ' " < > *` or a line break. Exactly two braces on each side. So none of the
 * platforms' own tags read as ours: Klaviyo/HubL/Brevo put spaces or dots inside (`{{ contact.firstname }}`,
 * `{{ first_name|default:'' }}`), SendGrid's URLs use three braces (`{{{unsubscribe}}}`), Mailchimp uses `*|FNAME|*`.
 * The one overlap, a bare Handlebars `{{first_name}}`, means the same field in both.
 */

export const TOKEN_PATTERN_SOURCE = String.raw`(?<!\{)\{\{([a-z][a-z0-9_]{0,39})(?:\|([^{}|:'"<>*\r\n]{0,60}))?\}\}(?!\})`;

export type TokenKind = "text" | "url";

export interface TokenDefinition {
  name: string;
  label: string;
  kind: TokenKind;
  /** What the preview shows, and what the export tests render with. */
  sample: string;
}

/** Every token our editor offers and the export knows. */
export const PERSONALISATION_TOKENS = [
  { name: "first_name", label: "First name", kind: "text", sample: "Ada" },
  { name: "last_name", label: "Last name", kind: "text", sample: "Lovelace" },
  { name: "email", label: "Email address", kind: "text", sample: "ada@example.com" },
  { name: "company", label: "Recipient's company", kind: "text", sample: "Analytical Engines" },
  { name: "unsubscribe_url", label: "Unsubscribe link", kind: "url", sample: "https://example.com/unsubscribe/ada" },
  { name: "view_in_browser_url", label: "View in browser link", kind: "url", sample: "https://example.com/view/42" },
  {
    name: "company_address",
    label: "Your postal address",
    kind: "text",
    sample: "Mailsmith Ltd, 1 Example Street, London, LDN N1 9GU",
  },
] as const satisfies readonly TokenDefinition[];

export type TokenName = (typeof PERSONALISATION_TOKENS)[number]["name"];

const KNOWN = new Map<string, TokenDefinition>(PERSONALISATION_TOKENS.map((t) => [t.name, t]));

export function tokenDefinition(name: string): TokenDefinition | undefined {
  return KNOWN.get(name);
}

export const SAMPLE_TOKEN_VALUES: Readonly<Record<TokenName, string>> = Object.fromEntries(
  PERSONALISATION_TOKENS.map((t) => [t.name, t.sample]),
) as Record<TokenName, string>;

export interface FoundToken {
  raw: string;
  name: string;
  fallback: string | null;
  index: number;
}

/** A fresh global regex each call (lastIndex is state). */
export const tokenPattern = () => new RegExp(TOKEN_PATTERN_SOURCE, "g");

export function findTokens(html: string): FoundToken[] {
  return [...html.matchAll(tokenPattern())].map((m) => ({
    raw: m[0],
    name: m[1] as string,
    fallback: m[2] ?? null,
    index: m.index ?? 0,
  }));
}

/** Names written in our syntax that are not in the known list (each once, in order of appearance). */
export function unknownTokens(html: string): string[] {
  return [...new Set(findTokens(html).map((t) => t.name))].filter((n) => !KNOWN.has(n));
}

/** The token as the editor inserts it. */
export function tokenText(name: string, fallback?: string): string {
  return fallback ? `{{${name}|${fallback}}}` : `{{${name}}}`;
}

/** Replaces each token through `replace` (the text between tokens is left byte for byte). */
export function replaceTokens(html: string, replace: (t: FoundToken) => string): string {
  return html.replace(tokenPattern(), (raw, name: string, fallback: string | undefined, index: number) =>
    replace({ raw, name, fallback: fallback ?? null, index }),
  );
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * The preview with sample data: each known token becomes its value (HTML-escaped), or its fallback when the value is
 * empty; unknown tokens stay as written so the member sees them.
 */
export function fillTokens(html: string, values: Partial<Record<string, string>> = SAMPLE_TOKEN_VALUES): string {
  return replaceTokens(html, (t) => {
    if (!KNOWN.has(t.name)) return t.raw;
    const value = values[t.name];
    return escapeHtml(value ? value : (t.fallback ?? ""));
  });
}

/** The platforms a template exports to (`GET /api/templates/:id/export/:platform`). */
export const EXPORT_PLATFORMS = ["mailchimp", "klaviyo", "sendgrid", "hubspot", "brevo", "html"] as const;
export type ExportPlatform = (typeof EXPORT_PLATFORMS)[number];

export const EXPORT_PLATFORM_LABELS: Record<ExportPlatform, string> = {
  mailchimp: "Mailchimp",
  klaviyo: "Klaviyo",
  sendgrid: "SendGrid",
  hubspot: "HubSpot",
  brevo: "Brevo",
  html: "Plain HTML",
};
