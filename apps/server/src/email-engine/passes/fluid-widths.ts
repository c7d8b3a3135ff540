import { GENERATOR_LIMITS, EMAIL_PASS_NOTES as N } from "@mailsmith/shared";
import type { Element } from "domhandler";
import { parseStyle, stringifyStyle } from "../dom.js";
import type { EmailPass } from "./pass.js";

const MAX = GENERATOR_LIMITS.emailMaxWidthPx;
/** Fixed widths from this size up are made fluid: they would not fit a 375 px phone. */
const FLUID_FROM = 300;

/**
 * Generated emails only: nothing wider than the 600 px column, and wide fixed widths (tables, cells, images)
 * become fluid the hybrid way, width:100% with max-width at the old width, so they shrink on a phone. The width
 * attribute stays at the fixed size for Outlook for Windows, which ignores max-width. A member's own email is not
 * touched (its media queries handle phones).
 */
export const fluidWidths: EmailPass = {
  name: "fluid-widths",
  run($, options) {
    if (options.source !== "generated") return [];
    let clamped = 0;
    let fluid = 0;
    $("table, td, th, img, div").each((_, node) => {
      const el = node as Element;
      const attr = el.attribs.width;
      let px = attr && /^\d+$/.test(attr.trim()) ? Number(attr) : undefined;
      if (px !== undefined && px > MAX) {
        el.attribs.width = String(MAX);
        px = MAX;
        clamped += 1;
      }
      const style = new Map(parseStyle(el.attribs.style));
      const css = style.get("width")?.match(/^(\d+(?:\.\d+)?)px\s*(!important)?$/i);
      let cssPx = css ? Number(css[1]) : undefined;
      if (cssPx !== undefined && cssPx > MAX) {
        cssPx = MAX;
        clamped += 1;
      }
      const width = cssPx ?? (style.has("width") ? undefined : px);
      if (width === undefined || width < FLUID_FROM) {
        if (cssPx !== undefined && css && cssPx !== Number(css[1])) {
          style.set("width", `${cssPx}px`);
          el.attribs.style = stringifyStyle(style);
        }
        return;
      }
      // A cell as wide as its table forces the table open on a phone (a cell width acts as a minimum): it goes,
      // the table keeps the width. Narrower cells are columns: left as they are.
      if (el.name === "td" || el.name === "th") {
        const table = $(el).closest("table")[0] as Element | undefined;
        const tableWidth = Number.parseFloat(table?.attribs.width ?? "") || MAX;
        if (width >= tableWidth * 0.9) {
          delete el.attribs.width;
          style.delete("width");
          const next = stringifyStyle(style);
          if (next) el.attribs.style = next;
          else delete el.attribs.style;
          fluid += 1;
        }
        return;
      }
      style.set("width", "100%");
      if (!style.has("max-width")) style.set("max-width", `${width}px`);
      if (el.name === "img" && !style.has("height")) style.set("height", "auto");
      el.attribs.style = stringifyStyle(style);
      fluid += 1;
    });
    const notes: string[] = [];
    if (clamped) notes.push(N.widthsLimited(clamped, MAX));
    if (fluid) notes.push(N.widthsFluid(fluid));
    return notes;
  },
};
