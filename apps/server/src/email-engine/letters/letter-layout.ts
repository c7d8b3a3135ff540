import { LETTER_TEXTS } from "@mailsmith/shared";
import type { Letter } from "../../adapters/mail/letter.js";
import { escapeHtml } from "../../lib/escape-html.js";

/**
 * The one layout of every email Mailsmith sends (decision 127), as MJML: a wordmark, a white card with the heading,
 * text, one bulletproof button (its address repeated as text), an optional receipt table, and a footer saying why the
 * reader gets it. Colours reach WCAG AA in light and dark; no pictures (nothing to block, nothing without alt), no web
 * fonts. Every value is escaped here; an administrator's own body HTML is cleaned by the engine's sanitiser after.
 */
const INK = "#1f2937";
const MUTED = "#4b5563";
const BRAND = "#4338ca";
const PAGE = "#f4f4f5";

const text = (value: string) => escapeHtml(value).replace(/\r?\n/g, "<br>");
const para = (value: string, attrs = "") => `<mj-text${attrs}>${text(value)}</mj-text>`;
/** MJML reads a tag's content raw: an mj- tag inside a member's HTML must not close ours. */
const inert = (html: string) => html.replace(/<(\/?)mj-/gi, "&lt;$1mj-");

function details(d: NonNullable<Letter["details"]>): string {
  const rows = d.rows
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="text-align:left;font-weight:400;color:${MUTED};padding:8px 0;border-top:1px solid #e5e7eb">${text(label)}</th><td style="text-align:right;font-weight:600;color:${INK};padding:8px 0;border-top:1px solid #e5e7eb">${text(value)}</td></tr>`,
    )
    .join("");
  return `<mj-table font-size="15px" line-height="22px" padding="8px 0 16px"><caption style="text-align:left;font-weight:700;color:${INK}">${text(d.caption)}</caption>${rows}</mj-table>`;
}

/**
 * MJML's Outlook ghost tables are 600 wide but their cell is not: Word then reads the 600 px `max-width` of the block
 * inside as nothing and draws it as wide as the window. The cell gets the table's width (as our own skeleton writes).
 */
export function sizeGhostCells(html: string): string {
  return html.replace(
    /(<table\b[^>]*\bwidth="(\d+)"[^>]*>\s*<tr>\s*<td)(?![^>]*\bwidth=)/g,
    (_, start: string, width: string) => `${start} width="${width}"`,
  );
}

export function letterMjml(letter: Letter, site: { url: string; host: string }): string {
  // The button as a padded cell around its link (Word keeps a cell's padding, not a link's); its address follows as
  // text for a client that shows no button.
  const action = letter.action
    ? `<mj-text padding="12px 0 8px"><table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr><td class="button" bgcolor="${BRAND}" style="background-color:${BRAND};padding:14px 28px"><a href="${escapeHtml(letter.action.url)}" style="color:#ffffff;font-size:16px;line-height:20px;font-weight:600;text-decoration:none">${text(letter.action.label)}</a></td></tr></table></mj-text>
      <mj-text font-size="13px" line-height="20px" color="${MUTED}">${text(LETTER_TEXTS.linkFallback)}<br><span style="word-break:break-all">${text(letter.action.url)}</span></mj-text>`
    : "";
  const quote = letter.quote
    ? `<mj-text padding="4px 0 12px 12px" css-class="quote" container-background-color="#f9fafb" border-left="3px solid #d1d5db">${text(letter.quote)}</mj-text>`
    : "";
  return `<mjml lang="en" dir="ltr">
  <mj-head>
    <mj-title>${text(letter.subject)}</mj-title>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="16px" line-height="24px" color="${INK}" padding="0 0 12px" />
      <mj-section padding="0" />
    </mj-attributes>
    <mj-style>
      :root { color-scheme: light dark; supported-color-schemes: light dark; }
      @media (prefers-color-scheme: dark) {
        body, .page, [role="article"] { background-color: #111827 !important; }
        .card, .card > table, .card > table > tbody > tr > td { background-color: #1f2937 !important; }
        .card div, .card th, .card td, .card caption, .card h1 { color: #f3f4f6 !important; }
        .card a { color: #c7d2fe !important; }
        .card td.button { background-color: #6366f1 !important; }
        .card td.button a { color: #ffffff !important; }
        .wordmark a { color: #c7d2fe !important; }
        .footer div, .footer a { color: #d1d5db !important; }
      }
    </mj-style>
  </mj-head>
  <mj-body background-color="${PAGE}" width="600px" css-class="page">
    <mj-raw><div style="display:none;mso-hide:all;max-height:0;overflow:hidden;font-size:1px;line-height:1px">${text(letter.preheader)}</div></mj-raw>
    <mj-section padding="28px 16px 12px">
      <mj-column>
        <mj-text align="left" font-size="22px" line-height="28px" font-weight="700" color="${BRAND}" css-class="wordmark"><a href="${escapeHtml(site.url)}" style="color:${BRAND};text-decoration:none">${text(LETTER_TEXTS.brand)}</a></mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="32px 28px 20px" css-class="card">
      <mj-column>
        <mj-text font-size="24px" line-height="32px" font-weight="700" padding="0 0 16px"><h1 style="margin:0;font-size:24px;line-height:32px;font-weight:700">${text(letter.heading)}</h1></mj-text>
        ${letter.greeting ? para(letter.greeting) : ""}
        ${letter.paragraphs.map((p) => para(p)).join("\n        ")}
        ${letter.bodyHtml ? `<mj-text>${inert(letter.bodyHtml)}</mj-text>` : ""}
        ${quote}
        ${letter.details ? details(letter.details) : ""}
        ${action}
        ${(letter.after ?? []).map((p) => para(p, ` font-size="14px" line-height="22px" color="${MUTED}"`)).join("\n        ")}
      </mj-column>
    </mj-section>
    <mj-section padding="16px 16px 32px" css-class="footer">
      <mj-column>
        <mj-text font-size="13px" line-height="20px" color="${MUTED}" align="left">${text(letter.reason)}<br>${text(LETTER_TEXTS.brand)} · <a href="${escapeHtml(site.url)}" style="color:${MUTED}">${text(site.host)}</a></mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

/**
 * The plain-text part, written from the letter's words rather than converted from its HTML: each address on a line of
 * its own (nothing glued to it, so a reader's client links it whole), the receipt as "label: value" lines.
 */
export function letterText(letter: Letter, site: { url: string }): string {
  const blocks: string[] = [letter.heading];
  if (letter.greeting) blocks.push(letter.greeting);
  blocks.push(...letter.paragraphs);
  if (letter.quote) blocks.push(letter.quote);
  if (letter.details)
    blocks.push([letter.details.caption, ...letter.details.rows.map(([k, v]) => `${k}: ${v}`)].join("\n"));
  if (letter.action) blocks.push(`${letter.action.label}:\n${letter.action.url}`);
  blocks.push(...(letter.after ?? []));
  blocks.push(`--\n${letter.reason}\n${LETTER_TEXTS.brand} · ${site.url}`);
  return `${blocks.join("\n\n")}\n`;
}
