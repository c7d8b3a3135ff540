import { EMAIL_CHECK_TEXTS as T, type TEmailCheck } from "@mailsmith/shared";
import type { CheerioAPI } from "cheerio";
import type { ComputedStyles, TextRun } from "./computed.js";

/** What every check reads (checks never change the email). */
export interface CheckContext {
  $: CheerioAPI;
  html: string;
  sizeBytes: number;
  source: "generated" | "existing";
  styles: ComputedStyles;
  /** Visible text with computed styles (computed once, shared by the contrast, size and content checks). */
  runs: TextRun[];
  /** The site's own origins (ProcessEmailInput.ownOrigins): left out of the https check. */
  ownOrigins: readonly string[];
}

export interface EmailChecker {
  name: string;
  run(ctx: CheckContext): TEmailCheck[];
}

export const check = (c: TEmailCheck): TEmailCheck => c;

/** At most this many items per check: enough to find them, not a wall of text. */
export const MAX_ITEMS = 12;

export function limitItems(items: string[]): string[] | undefined {
  const unique = [...new Set(items)];
  if (unique.length === 0) return undefined;
  if (unique.length <= MAX_ITEMS) return unique;
  return [...unique.slice(0, MAX_ITEMS), T.moreItems(unique.length - MAX_ITEMS)];
}

export const short = (s: string, n = 60) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
