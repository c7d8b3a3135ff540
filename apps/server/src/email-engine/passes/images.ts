import { EMAIL_PASS_NOTES as N } from "@mailsmith/shared";
import type { Element } from "domhandler";
import { styleOf } from "../dom.js";
import type { EmailPass } from "./pass.js";

/** A 1–2 px image: a spacer or a tracking pixel. */
export function isSpacer(el: Element): boolean {
  const w = Number.parseFloat(el.attribs.width ?? styleOf(el).get("width") ?? "");
  const h = Number.parseFloat(el.attribs.height ?? styleOf(el).get("height") ?? "");
  return (w > 0 && w <= 2) || (h > 0 && h <= 2);
}

/**
 * Images: a missing alt is never filled with invented text (the report asks for one, with a suggestion);
 * alt="" on decorative images stays; spacer and tracking pixels without alt get alt="" (they are decorative by
 * definition). Generated emails: border="0" (widths: see fluid-widths).
 */
export const images: EmailPass = {
  name: "images",
  run($, options) {
    let spacers = 0;
    $("img").each((_, node) => {
      const el = node as Element;
      if (el.attribs.alt === undefined && isSpacer(el)) {
        el.attribs.alt = "";
        spacers += 1;
      }
      if (options.source !== "generated") return;
      if (el.attribs.border === undefined) el.attribs.border = "0";
    });
    const notes: string[] = [];
    if (spacers) notes.push(N.spacersDecorative(spacers));
    return notes;
  },
};
