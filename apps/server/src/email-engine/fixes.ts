import type { EmailFixName, TEmailFixChange } from "@mailsmith/shared";
import type { CheerioAPI } from "cheerio";
import { ComputedStyles, textRuns } from "./checks/computed.js";
import { darkModeRepair } from "./fixes/dark-mode.js";
import type { FixContext, FixPass } from "./fixes/fix-pass.js";
import { a11yContrast } from "./passes/a11y-contrast.js";
import { a11yDocument, a11yTitle } from "./passes/a11y-document.js";
import { a11yLinkNames, a11yLinkUnderline } from "./passes/a11y-link-names.js";
import { a11yHeadings, a11yImages, a11yLinks, a11yTables } from "./passes/a11y-structure.js";
import { a11yStyleContrast } from "./passes/a11y-style-contrast.js";
import type { PassOptions } from "./passes/pass.js";

/**
 * One-click fixes (decision 108): named groups of passes that run after the pipeline's passes when
 * ProcessEmailInput.fixes asks for them (Check my email's "Fix accessibility", POST /api/email-fix, the CLI's --fix,
 * generated emails by default). Unlike the pipeline's passes, each fix reports every change it made as
 * { id, reason, before, after, applied } (applied: false is a suggestion the email was not changed for).
 *
 * To add a fix: write its passes (a `FixPass` each, `fixes/fix-pass.ts`) and list them under its name here (one line).
 */
export const FIX_PASSES: Record<EmailFixName, readonly FixPass[]> = {
  // Link names before images (a named link's picture is not listed as waiting for alt text). Contrast near the end:
  // it changes colours, which the computed styles the others read were taken before; the link underline reads the
  // repaired colours afresh.
  accessibility: [
    a11yDocument,
    a11yTables,
    a11yLinkNames,
    a11yImages,
    a11yHeadings,
    a11yTitle,
    a11yLinks,
    a11yContrast,
    a11yStyleContrast,
    a11yLinkUnderline,
  ],
  "dark-mode": [darkModeRepair],
};

/** Runs the asked fixes in the registry's order (each once), on the parsed document; returns every change. */
export function runFixes(
  $: CheerioAPI,
  fixes: readonly EmailFixName[],
  options: PassOptions,
  skip: ReadonlySet<string> = new Set(),
): TEmailFixChange[] {
  const groups = (Object.keys(FIX_PASSES) as EmailFixName[])
    .filter((name) => fixes.includes(name))
    .map((name) => FIX_PASSES[name].filter((pass) => !skip.has(pass.name)))
    .filter((passes) => passes.length > 0);
  const changes: TEmailFixChange[] = [];
  let ctx: FixContext | undefined;
  for (const passes of groups) {
    if (!ctx || changes.some((c) => c.applied)) {
      const styles = new ComputedStyles();
      ctx = { $, options, styles, runs: textRuns($, styles) };
    }
    for (const pass of passes) changes.push(...pass.run(ctx));
  }
  return changes;
}
