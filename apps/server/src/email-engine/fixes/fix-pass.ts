import type { TEmailFixChange } from "@mailsmith/shared";
import type { CheerioAPI } from "cheerio";
import type { ComputedStyles, TextRun } from "../checks/computed.js";
import type { PassOptions } from "../passes/pass.js";

/**
 * What a one-click fix pass is: the registry (`../fixes.ts`) lists them by fix name and runs them; each pass imports
 * these types from here, never the registry, so the registry and its passes form no import circle.
 */
export interface FixContext {
  $: CheerioAPI;
  options: PassOptions;
  /**
   * Computed styles and visible text runs of the document as this fix group found it: read again after a group that
   * changed the document (the contrast repair's new colours are what the dark-mode repair must darken).
   */
  styles: ComputedStyles;
  runs: TextRun[];
}

/** One pass of a fix group: reports every change it made, and every suggestion it did not apply. */
export interface FixPass {
  name: string;
  run(ctx: FixContext): TEmailFixChange[];
}
