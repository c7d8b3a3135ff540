import type { CheerioAPI } from "cheerio";
import type { Element } from "domhandler";
import { loadEmail, serializeEmail } from "../dom.js";

export interface PassOptions {
  source: "generated" | "existing";
  subject?: string;
  preheader?: string;
  /** The member's language, for `lang` when the text does not say (a11y-document; decision 127). */
  language?: string;
  /**
   * Filled by inline-css for clean-styles: the elements an author's `@media` rule turns from a flex row into blocks
   * or a column, with that query. The rule itself goes with the flex (a column direction is a flex declaration), so
   * clean-styles could not read it any more when it turns such a row into a table.
   */
  stackedUnder?: Map<Element, string>;
}

/**
 * One step of the pipeline (docs/dev/conventions.md). `run` changes the parsed document in place and returns what it
 * changed, in words; the pipeline parses once and runs every pass on the same document (one parse instead of ten
 * keeps a 100 KB email well under 100 ms). `apply` is the same pass as a pure (html, options) → { html, notes }.
 */
export interface EmailPass {
  name: string;
  run($: CheerioAPI, options: PassOptions): string[];
}

export interface PassResult {
  html: string;
  notes: string[];
}

export function applyPass(pass: EmailPass, html: string, options: PassOptions): PassResult {
  const $ = loadEmail(html);
  const notes = pass.run($, options);
  return { html: serializeEmail($), notes };
}
