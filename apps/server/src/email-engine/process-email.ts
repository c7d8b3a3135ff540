import type { TEmailCheck } from "@mailsmith/shared";
import { ComputedStyles, textRuns } from "./checks/computed.js";
import { findPreheader, preheaderText } from "./document.js";
import { loadEmail, serializeEmail, visibleText } from "./dom.js";
import { CHECKS, PASSES } from "./pipeline.js";
import { plainText } from "./text.js";
import type { ProcessEmailInput, ProcessEmailResult } from "./types.js";

/**
 * The email engine: parse once, run the passes in order (pipeline.ts), serialise, run the read-only checks on the
 * result, and make the plain-text version. Pure and synchronous (run it in the worker pool, pool.ts).
 */
export function processEmail(input: ProcessEmailInput): ProcessEmailResult {
  const options = { source: input.source, subject: input.subject, preheader: input.preheader };
  const $ = loadEmail(input.html);
  const changes: string[] = [];
  for (const pass of PASSES) changes.push(...pass.run($, options));
  const html = serializeEmail($);
  const sizeBytes = Buffer.byteLength(html, "utf8");
  const styles = new ComputedStyles();
  const ctx = {
    $,
    html,
    sizeBytes,
    source: input.source,
    styles,
    runs: textRuns($, styles),
    ownOrigins: input.ownOrigins ?? [],
  };
  const checks: TEmailCheck[] = CHECKS.flatMap((c) => c.run(ctx));

  const preheaderEl = findPreheader($);
  const title = visibleText($("title").first().text());
  const subject = (input.subject?.trim() || title || "Your email").slice(0, 200);
  let preheader = preheaderText($, preheaderEl) || input.preheader?.trim() || "";
  const text = plainText($, subject);
  if (!preheader) preheader = text.slice(subject.length).replace(/\s+/g, " ").trim().slice(0, 90).trim();
  return {
    html,
    text,
    subject,
    preheader: preheader.slice(0, 150),
    report: {
      passed: checks.every((c) => c.status !== "fail"),
      sizeBytes,
      checks,
      changes,
      render: null,
    },
  };
}
