import {
  EXPORT_PLATFORM_LABELS,
  type ExportPlatform,
  PERSONALISATION_MESSAGES,
  replaceTokens,
  tokenDefinition,
  unknownTokens,
} from "@mailsmith/shared";
import { parse } from "parse5";
import { neutraliseTemplateCode } from "./foreign-template-code.js";

/**
 * Exports a template to a sending platform (decision 114): our neutral tokens become the platform's
 * tags, the platform's required compliance tags (unsubscribe, postal address) are added in a footer when missing, and
 * everything else is left byte for byte. The export tests render each result through an engine of the platform's
 * family (handlebars, liquidjs, nunjucks) with sample data. A pure HTML transform, so it lives in the email engine;
 * the generator's history service loads the template, checks ownership and answers.
 */

interface Syntax {
  /** A known token (with its fallback, if any) in the platform's tags. */
  tag(name: string, fallback: string | null): string;
  /** The platform's own unsubscribe / address tags, already written into the HTML by the member. */
  hasUnsubscribe: RegExp;
  hasAddress: RegExp | null;
  /** Fields a platform account does not have out of the box: the member must create them (note). */
  customFields?: Partial<Record<string, string>>;
}

const MAILCHIMP_FIELDS: Record<string, string> = {
  first_name: "FNAME",
  last_name: "LNAME",
  email: "EMAIL",
  company: "COMPANY",
  unsubscribe_url: "UNSUB",
  view_in_browser_url: "ARCHIVE",
  company_address: "LIST:ADDRESSLINE",
};

const KLAVIYO_TAGS: Record<string, string> = {
  unsubscribe_url: "{% unsubscribe_link %}",
  view_in_browser_url: "{% web_view_link %}",
  company_address: "{{ organization.full_address }}",
};
const KLAVIYO_FIELDS: Record<string, string> = {
  first_name: "first_name",
  last_name: "last_name",
  email: "email",
  company: "person.organization",
};

const SENDGRID_TAGS: Record<string, string> = {
  unsubscribe_url: "{{{unsubscribe}}}",
  view_in_browser_url: "{{{view_in_browser_url}}}",
  company_address: "{{Sender_Name}}, {{Sender_Address}}, {{Sender_City}}, {{Sender_State}} {{Sender_Zip}}",
};

const HUBSPOT_TAGS: Record<string, string> = {
  unsubscribe_url: "{{ unsubscribe_link }}",
  view_in_browser_url: "{{ view_as_page_url }}",
  company_address:
    "{{ site_settings.company_name }}, {{ site_settings.company_street_address_1 }}, {{ site_settings.company_city }}, {{ site_settings.company_state }} {{ site_settings.company_zip }}",
};
const HUBSPOT_FIELDS: Record<string, string> = {
  first_name: "contact.firstname",
  last_name: "contact.lastname",
  email: "contact.email",
  company: "contact.company",
};

const BREVO_TAGS: Record<string, string> = {
  unsubscribe_url: "{{ unsubscribe }}",
  view_in_browser_url: "{{ mirror }}",
};
const BREVO_FIELDS: Record<string, string> = {
  first_name: "contact.FIRSTNAME",
  last_name: "contact.LASTNAME",
  email: "contact.EMAIL",
  company: "contact.COMPANY",
};

const MAILCHIMP_SYSTEM = new Set(["UNSUB", "ARCHIVE", "LIST:ADDRESSLINE"]);

export const PLATFORM_SYNTAX: Record<Exclude<ExportPlatform, "html">, Syntax> = {
  mailchimp: {
    tag: (name, fallback) => {
      const f = MAILCHIMP_FIELDS[name] as string;
      if (!fallback || MAILCHIMP_SYSTEM.has(f)) return `*|${f}|*`;
      return `*|IF:${f}|**|${f}|**|ELSE:|*${fallback}*|END:IF|*`;
    },
    hasUnsubscribe: /\*\|UNSUB\|\*/,
    hasAddress: /\*\|(?:LIST:ADDRESSLINE|LIST:ADDRESS|HTML:LIST_ADDRESS_HTML|LIST_ADDRESS_HTML)\|\*/,
    customFields: { company: "*|COMPANY|*" },
  },
  klaviyo: {
    tag: (name, fallback) => KLAVIYO_TAGS[name] ?? `{{ ${KLAVIYO_FIELDS[name]}|default:'${fallback ?? ""}' }}`,
    hasUnsubscribe: /\{%\s*unsubscribe(?:_link)?\b/,
    hasAddress: /organization\.full_address/,
  },
  sendgrid: {
    tag: (name, fallback) =>
      SENDGRID_TAGS[name] ?? (fallback ? `{{#if ${name}}}{{${name}}}{{else}}${fallback}{{/if}}` : `{{${name}}}`),
    hasUnsubscribe: /\{\{\{\s*unsubscribe\s*\}\}\}/,
    hasAddress: /\{\{\s*Sender_Address\s*\}\}/,
  },
  hubspot: {
    tag: (name, fallback) =>
      HUBSPOT_TAGS[name] ?? `{{ ${HUBSPOT_FIELDS[name]}${fallback ? `|default('${fallback}')` : ""} }}`,
    hasUnsubscribe: /\{\{\s*unsubscribe_link(?:_all)?\s*\}\}/,
    hasAddress: /site_settings\.company_street_address_1/,
  },
  brevo: {
    tag: (name, fallback) => {
      if (name === "company_address") return fallback ?? "";
      return BREVO_TAGS[name] ?? `{{ ${BREVO_FIELDS[name]}${fallback ? ` | default : '${fallback}'` : ""} }}`;
    },
    hasUnsubscribe: /\{\{\s*unsubscribe\s*\}\}/,
    hasAddress: null,
    customFields: { company: "{{ contact.COMPANY }}" },
  },
};

const FOOTER_STYLE =
  "padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:12px;line-height:18px;color:#555555;text-align:center;";

/** The footer added when an export lacks the platform's unsubscribe link or address, in our neutral tokens. */
export function complianceFooter(parts: { unsubscribe: boolean; address: boolean }): string {
  const lines: string[] = [];
  if (parts.address) lines.push("{{company_address}}");
  if (parts.unsubscribe)
    lines.push(
      `<a href="{{unsubscribe_url}}" style="color:#555555;text-decoration:underline;">${PERSONALISATION_MESSAGES.footerUnsubscribe}</a>`,
    );
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td align="center" style="${FOOTER_STYLE}">${lines.join("<br>")}</td></tr></table>`;
}

function insertBeforeBodyEnd(html: string, block: string): string {
  const at = html.search(/<\/body\s*>(?![\s\S]*<\/body\s*>)/i);
  return at < 0 ? html + block : html.slice(0, at) + block + html.slice(at);
}

const hasToken = (html: string, name: string) => html.includes(`{{${name}}}`) || html.includes(`{{${name}|`);

export interface PlatformExport {
  html: string;
  notes: string[];
}

/** What an export may take from the template besides its HTML. */
export interface ExportOptions {
  /** The template's brand kit snapshot: its footer address is the postal address where it can be. */
  kit?: { name: string; footer: { address: string } } | null;
  /** Mailchimp: mark the main content blocks as `mc:edit` regions (`?editable=1`). */
  editable?: boolean;
}

/**
 * Where the postal address may be plain text, the brand kit's address fills it: Brevo has no address
 * tag; Klaviyo and SendGrid only require an unsubscribe link, and their address tags print the account's one address
 * while the kit is the brand the email is for; plain HTML has no platform at all. Mailchimp (its audience address)
 * and HubSpot (the site settings' address, a required email variable) keep their own tags.
 */
const KIT_ADDRESS_PLATFORMS: ReadonlySet<ExportPlatform> = new Set(["klaviyo", "sendgrid", "brevo", "html"]);

/**
 * The kit's address as HTML text no template engine reads: escaped, one line, and `{ } | %` as character references
 * (a kit address with `{{` or `*|` would otherwise be a tag in Klaviyo, SendGrid, Brevo or Mailchimp).
 */
function addressText(address: string): string {
  return address
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .join(", ")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;")
    .replace(/\{/g, "&#123;")
    .replace(/\}/g, "&#125;")
    .replace(/\|/g, "&#124;")
    .replace(/%/g, "&#37;");
}

/** The kit's address for this platform (HTML text), or "" when the platform keeps its own tag or there is none. */
function kitAddressFor(platform: ExportPlatform, kit: ExportOptions["kit"]): string {
  const address = kit?.footer?.address?.trim();
  return address && KIT_ADDRESS_PLATFORMS.has(platform) ? addressText(address) : "";
}

/** The email already shows the kit's address in its text (the model writes the kit's footer). */
function showsAddress(html: string, kit: ExportOptions["kit"], text: string): boolean {
  if (!text) return false;
  const plain = kit?.footer.address.trim() ?? "";
  return html.includes(text) || (plain.length > 0 && html.includes(plain));
}

/** Elements inside which an `mc:edit` region is never put (Mailchimp edits content, not the document's head). */
const NOT_CONTENT = new Set(["head", "style", "script", "title"]);

interface LocNode {
  nodeName: string;
  tagName?: string;
  value?: string;
  childNodes?: LocNode[];
  content?: LocNode;
  sourceCodeLocation?: { startTag?: { startOffset: number; endOffset: number } } | null;
}

/** True when the node holds something a reader sees: text, a picture or a button. */
function hasContent(node: LocNode): boolean {
  if (node.nodeName === "#text") return (node.value ?? "").trim().length > 0;
  if (node.tagName === "img") return true;
  return (node.childNodes ?? []).some(hasContent);
}
const hasTable = (node: LocNode): boolean => (node.childNodes ?? []).some((c) => c.tagName === "table" || hasTable(c));

/**
 * Mailchimp's template language: `mc:edit="name"` on an element makes its content editable in
 * Mailchimp's campaign editor; names are unique, regions do not nest. The main content blocks are the table cells
 * that hold content and no further table (the cells of the email's layout), each marked once, named content_1,
 * content_2… in document order. Only the attribute is inserted, right after the tag name; every other byte stays.
 */
export function markEditableRegions(html: string): { html: string; regions: number } {
  const doc = parse(html, { sourceCodeLocationInfo: true }) as unknown as LocNode;
  const at: number[] = [];
  const walk = (node: LocNode) => {
    if (node.tagName && NOT_CONTENT.has(node.tagName)) return;
    if (node.tagName === "td" && !hasTable(node) && hasContent(node)) {
      const start = node.sourceCodeLocation?.startTag?.startOffset;
      if (start !== undefined && html.slice(start, start + 3).toLowerCase() === "<td") at.push(start + 3);
      return;
    }
    for (const child of node.childNodes ?? []) walk(child);
  };
  walk(doc);
  let out = html;
  at.sort((a, b) => b - a).forEach((offset, i) => {
    out = `${out.slice(0, offset)} mc:edit="content_${at.length - i}"${out.slice(offset)}`;
  });
  return { html: out, regions: at.length };
}

function toPlainHtml(html: string, kit: ExportOptions["kit"], notes: string[]): PlatformExport {
  let count = 0;
  const unknown = unknownTokens(html);
  const kitAddress = kitAddressFor("html", kit);
  const out = replaceTokens(html, (t) => {
    const def = tokenDefinition(t.name);
    if (!def) return t.raw;
    count++;
    if (t.name === "company_address" && kitAddress) {
      notes.push(PERSONALISATION_MESSAGES.note.kitAddressUsed(kit?.name ?? ""));
      return kitAddress;
    }
    if (def.kind === "url" && !t.fallback) {
      notes.push(PERSONALISATION_MESSAGES.note.plainLinkPlaceholder(t.name));
      return "#";
    }
    return t.fallback ?? "";
  });
  if (count) notes.unshift(PERSONALISATION_MESSAGES.note.removedTokens(count));
  if (!/unsubscribe/i.test(html)) notes.push(PERSONALISATION_MESSAGES.note.plainNoUnsubscribe);
  if (unknown.length) notes.push(PERSONALISATION_MESSAGES.note.unknownKept(unknown));
  return { html: out, notes: [...new Set(notes)] };
}

/** The template's HTML for one platform, with what the export changed or needs the member to do. */
export function exportForPlatform(
  memberHtml: string,
  platform: ExportPlatform,
  options: ExportOptions = {},
): PlatformExport {
  // Template code already in the member's HTML goes out as text, never as code the platform runs.
  const label = EXPORT_PLATFORM_LABELS[platform];
  const inert = neutraliseTemplateCode(memberHtml, platform);
  const html = inert.html;
  const notes: string[] = inert.found.length ? [PERSONALISATION_MESSAGES.note.foreignCode(label, inert.found)] : [];
  if (platform === "html") return toPlainHtml(html, options.kit, notes);
  const syntax = PLATFORM_SYNTAX[platform];
  const kitAddress = kitAddressFor(platform, options.kit);
  const needUnsubscribe = !hasToken(html, "unsubscribe_url") && !syntax.hasUnsubscribe.test(html);
  const addressShown =
    hasToken(html, "company_address") ||
    (syntax.hasAddress?.test(html) ?? false) ||
    showsAddress(html, options.kit, kitAddress);
  const needAddress = !addressShown && (syntax.hasAddress !== null || kitAddress !== "");
  // mc:edit regions go on the template's own blocks, never on the footer the export adds.
  let source = html;
  if (platform === "mailchimp" && options.editable) {
    const marked = markEditableRegions(html);
    source = marked.html;
    notes.push(PERSONALISATION_MESSAGES.note.editableRegions(marked.regions));
  }
  if (needUnsubscribe || needAddress) {
    source = insertBeforeBodyEnd(source, complianceFooter({ unsubscribe: needUnsubscribe, address: needAddress }));
    if (needAddress && kitAddress)
      notes.push(PERSONALISATION_MESSAGES.note.addedKitAddress(options.kit?.name ?? "", label));
    else if (needAddress) notes.push(PERSONALISATION_MESSAGES.note.addedAddress(label));
    if (needUnsubscribe) notes.push(PERSONALISATION_MESSAGES.note.addedUnsubscribe(label));
  }
  if (syntax.hasAddress === null && !kitAddress) notes.push(PERSONALISATION_MESSAGES.note.noAddressTag(label));
  const used = new Set<string>();
  let kitAddressUsed = false;
  const out = replaceTokens(source, (t) => {
    if (!tokenDefinition(t.name)) return t.raw;
    used.add(t.name);
    if (t.name === "company_address" && kitAddress) {
      kitAddressUsed = true;
      return kitAddress;
    }
    return syntax.tag(t.name, t.fallback);
  });
  if (kitAddressUsed && !(needAddress && kitAddress))
    notes.push(PERSONALISATION_MESSAGES.note.kitAddressUsed(options.kit?.name ?? ""));
  for (const [name, tag] of Object.entries(syntax.customFields ?? {}))
    if (used.has(name)) notes.push(PERSONALISATION_MESSAGES.note.customField(label, tag as string));
  if (platform === "sendgrid") {
    const data = [...used].filter((n) => !(n in SENDGRID_TAGS));
    if (used.has("view_in_browser_url")) data.push("view_in_browser_url");
    if (data.length) notes.push(PERSONALISATION_MESSAGES.note.sendData(data));
  }
  const unknown = unknownTokens(html);
  if (unknown.length) notes.push(PERSONALISATION_MESSAGES.note.unknownKept(unknown));
  return { html: out, notes };
}
