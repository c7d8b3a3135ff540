import { EMAIL_PASS_NOTES as N } from "@mailsmith/shared";
import type { Element } from "domhandler";
import type { EmailPass } from "./pass.js";

/** Tables that present data (th, caption, thead, a cell with scope of their own, or a summary) rather than layout. */
export function dataTables($: import("cheerio").CheerioAPI): Set<Element> {
  const out = new Set<Element>();
  $("th, caption, thead, td[scope]").each((_, c) => {
    // Only the table's own rows count, not a nested layout table's.
    for (let p = c.parent as Element | null; p; p = p.parent as Element | null) {
      if (p.name === "table") {
        out.add(p);
        break;
      }
    }
  });
  $("table[summary]").each((_, t) => {
    out.add(t as Element);
  });
  return out;
}

/**
 * role="presentation" on layout tables only (a screen reader then reads their content as text, not as a grid);
 * data tables (th, caption, thead, summary) keep their meaning. Generated emails also get the zero
 * cellpadding/cellspacing/border that the model's layout assumes; a member's own tables are left as written
 * (the browser default cellspacing is 2 px: adding 0 would move things).
 */
export const tables: EmailPass = {
  name: "tables",
  run($, options) {
    let roles = 0;
    let reset = 0;
    const data = dataTables($);
    $("table").each((_, node) => {
      const el = node as Element;
      if (data.has(el)) {
        if (el.attribs.role === "presentation" || el.attribs.role === "none") {
          delete el.attribs.role;
          roles += 1;
        }
        return;
      }
      if (!el.attribs.role) {
        el.attribs.role = "presentation";
        roles += 1;
      }
      if (options.source === "generated") {
        let touched = false;
        for (const a of ["cellpadding", "cellspacing", "border"]) {
          if (el.attribs[a] === undefined) {
            el.attribs[a] = "0";
            touched = true;
          }
        }
        if (touched) reset += 1;
      }
    });
    const notes: string[] = [];
    if (roles) notes.push(N.layoutTables(roles));
    if (reset) notes.push(N.tablesReset(reset));
    return notes;
  },
};
