import { SPAM_TEXTS as T, type TEmailCheck } from "@mailsmith/shared";
import type { CheerioAPI } from "cheerio";
import type { Element } from "domhandler";
import { hasMergeTag, isHidden, loadEmail, visibleText } from "../dom.js";
import { limitItems } from "./check.js";

/**
 * Deliverability checks that need no spam filter (decision 110): picture/text balance, URL
 * shorteners, link domains against the sender's, and — for a marketing email — the unsubscribe link and the postal
 * address. Read on the email as sent (the processed HTML); the sender is the member's address.
 */

export const URL_SHORTENERS = new Set([
  "bit.ly",
  "bitly.com",
  "tinyurl.com",
  "t.co",
  "goo.gl",
  "ow.ly",
  "is.gd",
  "buff.ly",
  "rebrand.ly",
  "cutt.ly",
  "shorturl.at",
  "t.ly",
  "tiny.cc",
  "rb.gy",
  "s.id",
  "v.gd",
  "lnkd.in",
  "bl.ink",
  "short.io",
  "soo.gd",
  "shorte.st",
  "adf.ly",
  "x.co",
]);

/** Free mailbox domains: bulk mail "from" them through another service fails DMARC at Gmail and Yahoo. */
const FREE_MAIL = new Set([
  "gmail.com",
  "googlemail.com",
  "yahoo.com",
  "ymail.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "msn.com",
  "icloud.com",
  "me.com",
  "aol.com",
  "gmx.com",
  "gmx.de",
  "gmx.net",
  "web.de",
  "proton.me",
  "protonmail.com",
  "mail.com",
  "yandex.com",
  "yandex.ru",
  "zoho.com",
]);

/** Share of the email's area that is text, under which the picture/text check warns (the 60:40 advice, halved). */
export const MIN_TEXT_SHARE = 0.4;

const UNSUBSCRIBE =
  /unsubscribe|opt[\s-]?out|abmelden|abbestellen|d[ée]sinscri|d[ée]sabonner|darse de baja|cancelar (?:la )?suscripci|annulla(?:re)? l'iscrizione|uitschrijven|manage (?:your )?(?:preferences|subscription|email)|email preferences|\bunsub\b/i;
const PROMOTIONAL =
  /\b(?:sale|discount|coupon|promo(?:tion)?(?: code)?|shop now|buy now|order now|free shipping|limited[- ]time|special offer|offer ends|deal of|deals|% off|\d+ ?% off|newsletter|subscribe|black friday|cyber monday|new arrivals?|best ?sellers?)\b/i;
const POSTAL_ADDRESS = [
  /\b\d{1,5}[a-z]?,?\s+(?:[A-Za-zÀ-ÿ.'-]+\s+){0,4}(?:street|st\.|avenue|ave\.?|road|rd\.?|boulevard|blvd\.?|lane|ln\.?|drive|dr\.|way|place|pl\.|square|sq\.|court|ct\.|suite|parkway|highway|hwy)\b/i,
  /\b(?:[A-Za-zÀ-ÿ-]+(?:straße|strasse|str\.|weg|gasse|platz|allee|laan|straat|gatan|vej))\s+\d{1,4}/i,
  /\b(?:rue|avenue|boulevard|via|viale|calle|avenida|plaza|piazza|rua|ulica)\s+[A-Za-zÀ-ÿ' -]{2,40}/i,
  /\bp\.?\s?o\.?\s?box\s+\d+/i,
  /\b[A-Z]{2}\s+\d{5}(?:-\d{4})?\b/, // US state + ZIP
  /\b[A-Z]{1,2}\d[A-Z\d]?\s+\d[A-Z]{2}\b/, // UK postcode
  /\b\d{4,5}\s+[A-ZÀ-Ý][a-zà-ÿ]+/, // European postcode + town
  /\*\|(?:LIST:ADDRESS|HTML:LIST_ADDRESS_HTML)[^|]*\|\*|\{\{\s*[\w.]*address[\w.]*\s*\}\}|%%?[\w.]*address[\w.]*%%?/i,
];

/** The domain that counts for matching (a.b.example.co.uk → example.co.uk; a.example.com → example.com). */
export function registrableDomain(host: string): string {
  const labels = host.toLowerCase().replace(/\.$/, "").split(".");
  if (labels.length <= 2) return labels.join(".");
  const [second, top] = labels.slice(-2);
  const generic = /^(?:co|com|org|net|ac|gov|edu|ne|or|go)$/.test(second!) && top!.length === 2;
  return labels.slice(generic ? -3 : -2).join(".");
}

const hostOf = (href: string): string | null => {
  try {
    const u = new URL(href.trim());
    return /^https?:$/.test(u.protocol) ? u.hostname.toLowerCase().replace(/^www\./, "") : null;
  } catch {
    return null;
  }
};

/** Visible text of the body, without hidden parts (preheaders hidden by style count: readers never see them). */
function bodyText($: CheerioAPI): string {
  const clone = $("body").clone();
  clone.find("script, style, template, title").remove();
  clone.find("*").each((_, el) => {
    if (isHidden(el as Element)) $(el).remove();
  });
  return visibleText(clone.text());
}

/** The first unsubscribe link's address (for the List-Unsubscribe header), or "" when it has one without an address. */
export function unsubscribeLink($: CheerioAPI): string | undefined {
  for (const node of $("a").toArray()) {
    const a = node as Element;
    const href = (a.attribs.href ?? "").trim();
    if (UNSUBSCRIBE.test(visibleText($(a).text())) || UNSUBSCRIBE.test(href)) return href;
  }
  // A merge tag of the sending service (*|UNSUB|*, {{unsubscribe_url}}, %unsubscribe%, [unsubscribe]).
  if (/\*\|UNSUB\|\*|\{\{[^}]*unsub[^}]*\}\}|%[\w]*unsub[\w]*%|\[unsubscribe\]/i.test($.html())) return "";
  return undefined;
}

/** Marketing: an unsubscribe link (the sender treats it as a list) or promotional wording; else transactional. */
export function looksLikeMarketing(text: string, hasUnsubscribe: boolean): boolean {
  return hasUnsubscribe || PROMOTIONAL.test(text);
}

interface Picture {
  area: number;
}

/** Pictures a reader sees: not hidden, not a spacer or tracking pixel (≤ 2 px). Unknown sizes count as 600 × 300. */
function pictures($: CheerioAPI): Picture[] {
  const out: Picture[] = [];
  $("img").each((_, node) => {
    const img = node as Element;
    if (isHidden(img)) return;
    const w = Number.parseInt(img.attribs.width ?? "", 10);
    const h = Number.parseInt(img.attribs.height ?? "", 10);
    if ((w > 0 && w <= 2) || (h > 0 && h <= 2)) return;
    const width = Math.min(w > 0 ? w : 600, 600);
    const height = h > 0 ? (w > 600 ? (h * 600) / w : h) : width / 2;
    out.push({ area: width * height });
  });
  return out;
}

/** About 16 px text in 24 px lines: one character takes 8 × 24 px² of the email. */
const CHAR_AREA = 8 * 24;

export function deliverabilityChecks(html: string, sender: string): TEmailCheck[] {
  const $ = loadEmail(html);
  const text = bodyText($);
  const words = text ? text.split(/\s+/).length : 0;
  const out: TEmailCheck[] = [];

  const pics = pictures($);
  const imageArea = pics.reduce((s, p) => s + p.area, 0);
  const share = pics.length === 0 ? 1 : (text.length * CHAR_AREA) / (text.length * CHAR_AREA + imageArea);
  const imageText = { id: "deliverability.image-text", title: T.imageText.title };
  out.push(
    share < MIN_TEXT_SHARE
      ? { ...imageText, status: "warn", reason: T.imageText.warn(words, pics.length), fix: T.imageText.fix }
      : { ...imageText, status: "pass", reason: T.imageText.pass(words, pics.length) },
  );

  const hosts: string[] = [];
  $("a[href]").each((_, node) => {
    const href = (node as Element).attribs.href ?? "";
    if (hasMergeTag(href)) return;
    const host = hostOf(href);
    if (host) hosts.push(host);
  });
  const short = hosts.filter((h) => URL_SHORTENERS.has(h));
  out.push(
    short.length
      ? {
          id: "deliverability.shorteners",
          title: T.shorteners.title,
          status: "warn",
          reason: T.shorteners.warn,
          fix: T.shorteners.fix,
          items: limitItems(short),
        }
      : { id: "deliverability.shorteners", title: T.shorteners.title, status: "pass", reason: T.shorteners.pass },
  );

  const senderDomain = registrableDomain(sender.split("@")[1] ?? "");
  const domains = { id: "deliverability.link-domains", title: T.linkDomains.title };
  const foreign = hosts.filter((h) => registrableDomain(h) !== senderDomain && !URL_SHORTENERS.has(h));
  if (FREE_MAIL.has(senderDomain))
    out.push({
      ...domains,
      status: "warn",
      reason: T.linkDomains.freeMail(senderDomain),
      fix: T.linkDomains.freeMailFix,
    });
  else if (hosts.length === 0) out.push({ ...domains, status: "pass", reason: T.linkDomains.none });
  else if (foreign.length)
    out.push({
      ...domains,
      status: "warn",
      reason: T.linkDomains.warn(senderDomain),
      fix: T.linkDomains.fix,
      items: limitItems(foreign.map(registrableDomain)),
    });
  else out.push({ ...domains, status: "pass", reason: T.linkDomains.pass(senderDomain) });

  const unsubscribe = unsubscribeLink($);
  const marketing = looksLikeMarketing(text, unsubscribe !== undefined);
  const unsub = { id: "deliverability.unsubscribe", title: T.unsubscribe.title };
  if (unsubscribe !== undefined) out.push({ ...unsub, status: "pass", reason: T.unsubscribe.pass });
  else if (marketing) out.push({ ...unsub, status: "fail", reason: T.unsubscribe.missing, fix: T.unsubscribe.fix });
  else out.push({ ...unsub, status: "pass", reason: T.unsubscribe.notMarketing });

  const address = { id: "deliverability.address", title: T.address.title };
  const withTags = `${text} ${$("body").text()}`;
  if (POSTAL_ADDRESS.some((re) => re.test(withTags))) out.push({ ...address, status: "pass", reason: T.address.pass });
  else if (marketing) out.push({ ...address, status: "warn", reason: T.address.missing, fix: T.address.fix });
  else out.push({ ...address, status: "pass", reason: T.address.notMarketing });
  return out;
}
