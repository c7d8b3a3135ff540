import {
  EXPORT_PLATFORM_LABELS,
  type ExportPlatform,
  PERSONALISATION_MESSAGES,
  replaceTokens,
  tokenDefinition,
  unknownTokens,
} from "@mailsmith/shared";

/**
 * Exports a template to a sending platform (issue 38 item 3, decision 114): our neutral tokens become the platform's
 * tags, the platform's required compliance tags (unsubscribe, postal address) are added in a footer when missing, and
 * everything else is left byte for byte. The export tests render each result through an engine of the platform's
 * family (handlebars, liquidjs, nunjucks) with sample data.
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

function toPlainHtml(html: string): PlatformExport {
  const notes: string[] = [];
  let count = 0;
  const unknown = unknownTokens(html);
  const out = replaceTokens(html, (t) => {
    const def = tokenDefinition(t.name);
    if (!def) return t.raw;
    count++;
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
export function exportForPlatform(html: string, platform: ExportPlatform): PlatformExport {
  if (platform === "html") return toPlainHtml(html);
  const syntax = PLATFORM_SYNTAX[platform];
  const label = EXPORT_PLATFORM_LABELS[platform];
  const notes: string[] = [];
  const needUnsubscribe = !hasToken(html, "unsubscribe_url") && !syntax.hasUnsubscribe.test(html);
  const needAddress = syntax.hasAddress !== null && !hasToken(html, "company_address") && !syntax.hasAddress.test(html);
  let source = html;
  if (needUnsubscribe || needAddress) {
    source = insertBeforeBodyEnd(html, complianceFooter({ unsubscribe: needUnsubscribe, address: needAddress }));
    if (needAddress) notes.push(PERSONALISATION_MESSAGES.note.addedAddress(label));
    if (needUnsubscribe) notes.push(PERSONALISATION_MESSAGES.note.addedUnsubscribe(label));
  }
  if (syntax.hasAddress === null) notes.push(PERSONALISATION_MESSAGES.note.noAddressTag(label));
  const used = new Set<string>();
  const out = replaceTokens(source, (t) => {
    if (!tokenDefinition(t.name)) return t.raw;
    used.add(t.name);
    return syntax.tag(t.name, t.fallback);
  });
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
