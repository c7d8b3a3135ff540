import { EMAIL_PASS_NOTES as N } from "@mailsmith/shared";
import type { Element } from "domhandler";
import { isTag } from "../dom.js";
import type { EmailPass } from "./pass.js";

/** Stylesheet hosts that serve web fonts only: their <link>s and @imports stay (with a fallback font stack). */
export const FONT_HOSTS = [
  "fonts.googleapis.com",
  "fonts.bunny.net",
  "use.typekit.net",
  "p.typekit.net",
  "fast.fonts.net",
  "cloud.typography.com",
  "fonts.cdnfonts.com",
  "api.fontshare.com",
];

export function isFontUrl(url: string): boolean {
  try {
    const u = new URL(url.trim().replace(/^\/\//, "https://"));
    return (u.protocol === "https:" || u.protocol === "http:") && FONT_HOSTS.includes(u.hostname.toLowerCase());
  } catch {
    return false;
  }
}

/** Elements that run code, embed other documents or submit data: removed with their content. */
const REMOVE = new Set(["script", "iframe", "frame", "frameset", "object", "embed", "applet", "base", "portal"]);
/**
 * Form controls: removed (no client submits a form from an email). Checkboxes and radio buttons stay: with forms
 * unwrapped they submit nothing, and they hold the state of CSS-only menus and carousels (MJML's mj-navbar hamburger
 * and mj-carousel; clients that strip them show the designed fallback).
 */
const CONTROLS = new Set(["input", "select", "textarea", "option", "optgroup", "datalist"]);
const CSS_STATE_INPUT = /^\s*(?:checkbox|radio)\s*$/i;
const URL_ATTRS = ["href", "src", "action", "formaction", "background", "poster", "xlink:href", "srcset", "data"];
const SCRIPT_URL = /^\s*(?:javascript|vbscript|livescript)\s*:|^\s*data\s*:\s*(?:text\/html|application|image\/svg)/i;

/**
 * Removes what runs code or is unsupported and unsafe: script, frames, objects, forms and their controls, event
 * handler attributes, javascript: URLs, meta refresh, external stylesheets (web-font stylesheets from known font
 * hosts stay). A <form> is unwrapped and a <button> becomes a <span>: their visible text stays.
 */
export const sanitize: EmailPass = {
  name: "sanitize",
  run($) {
    let removed = 0;
    let handlers = 0;
    let scriptUrls = 0;
    let forms = 0;
    let stylesheets = 0;
    $("*").each((_, node) => {
      if (!isTag(node)) return;
      const el = node as Element;
      const name = el.name.toLowerCase();
      if (REMOVE.has(name)) {
        removed += 1;
        $(el).remove();
        return;
      }
      if (CONTROLS.has(name) && !(name === "input" && CSS_STATE_INPUT.test(el.attribs.type ?? ""))) {
        forms += 1;
        $(el).remove();
        return;
      }
      if (name === "meta" && /refresh/i.test(el.attribs["http-equiv"] ?? "")) {
        removed += 1;
        $(el).remove();
        return;
      }
      if (name === "link") {
        const rel = (el.attribs.rel ?? "").toLowerCase();
        if (rel.includes("stylesheet") && isFontUrl(el.attribs.href ?? "")) return;
        if (rel.includes("stylesheet")) stylesheets += 1;
        else removed += 1;
        $(el).remove();
        return;
      }
      for (const attr of Object.keys(el.attribs)) {
        const lower = attr.toLowerCase();
        if (lower.startsWith("on")) {
          handlers += 1;
          delete el.attribs[attr];
        } else if (lower === "srcdoc" || lower === "formaction") {
          delete el.attribs[attr];
        } else if (URL_ATTRS.includes(lower) && SCRIPT_URL.test(el.attribs[attr] ?? "")) {
          scriptUrls += 1;
          delete el.attribs[attr];
        }
      }
      if (name === "form") {
        forms += 1;
        $(el).replaceWith($(el).contents());
      } else if (name === "button") {
        forms += 1;
        el.name = "span";
        for (const attr of ["type", "name", "value", "disabled", "form"]) delete el.attribs[attr];
      }
    });
    const notes: string[] = [];
    if (removed) notes.push(N.scriptsRemoved(removed));
    if (handlers) notes.push(N.handlersRemoved(handlers));
    if (scriptUrls) notes.push(N.scriptUrlsRemoved(scriptUrls));
    if (forms) notes.push(N.formsDisabled(forms));
    if (stylesheets) notes.push(N.stylesheetsRemoved(stylesheets));
    return notes;
  },
};
