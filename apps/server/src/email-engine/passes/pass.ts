import type { CheerioAPI } from "cheerio";
import { loadEmail, serializeEmail } from "../dom.js";

export interface PassOptions {
  source: "generated" | "existing";
  subject?: string;
  preheader?: string;
}

/**
 * One step of the pipeline (STYLE.md "Pipelines"). `run` changes the parsed document in place and returns what it
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
