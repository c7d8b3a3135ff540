import { DoIUseEmail } from "@jsx-email/doiuse-email";
import type { CheerioAPI } from "cheerio";
import type { AnyNode, Element } from "domhandler";
import { isTag, styleOf } from "../dom.js";

export const CLIENT_FAMILIES = [
  { key: "gmail", name: "Gmail" },
  { key: "apple-mail", name: "Apple Mail" },
  { key: "outlook", name: "Outlook" },
  { key: "yahoo", name: "Yahoo" },
] as const;
export type ClientKey = (typeof CLIENT_FAMILIES)[number]["key"];

export interface Finding {
  feature: string;
  client: ClientKey;
  platform: string;
  /** none: not supported; partial: partly supported. */
  support: "none" | "partial";
}

/** Attribute values that can matter to caniemail (href only by its kind); the rest are replaced by "". */
const VALUE_MATTERS = new Set(["type", "rel", "target", "loading", "role", "dir", "lang", "name", "http-equiv"]);

/** An attribute's value as caniemail is given it: href only by its kind, the values in VALUE_MATTERS, else "". */
function attributeValue(name: string, raw: string): string {
  if (name === "href") return raw.startsWith("#") ? "#" : /^mailto:/i.test(raw) ? "mailto:" : "x";
  return VALUE_MATTERS.has(name) ? raw : "";
}

/**
 * caniemail (@jsx-email/doiuse-email) over the final email, ONCE. The library walks every node and every
 * declaration; an email repeats the same few tags, attributes and declarations thousands of times, so each
 * distinct element signature and each distinct declaration is checked once (same findings, ~20× less work).
 */
export function runCaniemail($: CheerioAPI): Finding[] {
  const d = new DoIUseEmail({ emailClients: CLIENT_FAMILIES.map((f) => `${f.key}.*`) });
  const css = $("style")
    .toArray()
    .map((el) => $(el).text())
    .join("\n");
  try {
    if (css.trim()) d.check(`<style>${css}</style>`);
  } catch {
    // Unparseable CSS: reported by nothing else; the elements are still checked.
  }
  // A picture inlined as a data: URL: caniemail knows which clients do not show it (Gmail, Outlook for
  // Windows); the library does not look at src values, so it is asked by the feature's name.
  if ($("img[src]").is((_, el) => /^\s*data:/i.test((el as Element).attribs.src ?? ""))) {
    try {
      d.checkFeaturesSupport("Base 64 image format");
    } catch {
      // A library version without the feature: nothing to report.
    }
  }
  const seenNodes = new Set<string>();
  const seenDecls = new Set<string>();
  const seenStyles = new Set<string>();
  const decls: { property: string; value: string }[] = [];
  const walk = (node: AnyNode) => {
    if (!isTag(node)) return;
    const el = node as Element;
    // The signature first; the library's attribute list only for a signature not seen yet (most elements repeat one).
    const entries = Object.entries(el.attribs);
    let sig = el.name;
    for (const [name, raw] of entries) if (name !== "style") sig += `|${name}=${attributeValue(name, raw)}`;
    if (el.attribs.style !== undefined) sig += "|style=";
    if (!seenNodes.has(sig)) {
      seenNodes.add(sig);
      const attributes: { name: string; value: string }[] = [];
      for (const [name, raw] of entries)
        if (name !== "style") attributes.push({ name, value: attributeValue(name, raw) });
      if (el.attribs.style !== undefined) attributes.push({ name: "style", value: "" });
      try {
        d.checkHtmlNode({ tagName: el.name, attributes, childNodes: [] } as unknown as Element);
      } catch {
        // A feature the library's data does not know: ignore.
      }
    }
    const raw = el.attribs.style;
    if (raw && !seenStyles.has(raw)) seenStyles.add(raw);
    else if (raw) {
      for (const child of el.children) walk(child);
      return;
    }
    for (const [property, value] of styleOf(el)) {
      const key = `${property}:${value}`;
      if (seenDecls.has(key)) continue;
      seenDecls.add(key);
      decls.push({ property, value });
    }
    for (const child of el.children) walk(child);
  };
  for (const child of $.root().contents().toArray()) walk(child);
  // All at once (each call costs the library a lookup of its whole feature table); one at a time only if a
  // declaration throws, so that one does not hide the others (findings are de-duplicated below).
  try {
    d.checkCSSDeclarations(decls);
  } catch {
    for (const decl of decls) {
      try {
        d.checkCSSDeclarations([decl]);
      } catch {
        // as above
      }
    }
  }
  const out = new Map<string, Finding>();
  const read = (messages: string[], support: Finding["support"]) => {
    for (const m of messages) {
      const match = m.match(/^`(.+)` is (?:not|only partially) supported by `([^`.]+)\.([^`]+)`$/);
      if (!match) continue;
      const client = match[2] as ClientKey;
      const f: Finding = { feature: match[1]!, client, platform: match[3]!, support };
      out.set(`${f.client}|${f.feature}|${f.platform}|${support}`, f);
    }
  };
  read(d.errors, "none");
  read(d.warnings, "partial");
  return [...out.values()];
}
