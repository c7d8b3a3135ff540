import type { TEmailCheck } from "@mailsmith/shared";
import type { CheerioAPI } from "cheerio";
import { ComputedStyles, textRuns } from "./checks/computed.js";
import { findPreheader, preheaderText } from "./document.js";
import { firstElement, loadEmail, serializeEmail, visibleText } from "./dom.js";
import { runFixes } from "./fixes.js";
import type { PassOptions } from "./passes/pass.js";
import { sanitize, sanitizeNotes } from "./passes/sanitize.js";
import { CHECKS, PASSES } from "./pipeline.js";
import { noCounts, sanitizeEmailHtml, verifyEmailHtml } from "./sanitizer/sanitize-html.js";
import { plainText } from "./text.js";
import type { ProcessEmailInput, ProcessEmailResult } from "./types.js";

/** The subject of an email that has neither a given subject nor a <title>. */
const FALLBACK_SUBJECT = "Your email";

/**
 * The email engine: sanitise the member's HTML on the tree a browser builds (parse5; bounds on depth,
 * element count and attribute size first: EmailBoundsError), parse the clean HTML once for the passes, run them in
 * order (pipeline.ts), serialise, check the result once more as a browser parses it, run the read-only checks on it
 * and make the plain-text version. Pure and synchronous (run it in the worker pool, pool.ts).
 */
export function processEmail(input: ProcessEmailInput): ProcessEmailResult {
  const removed = noCounts();
  let $ = loadEmail(sanitizeEmailHtml(input.html, removed));
  const changes = runPasses($, input);
  const fixes = input.fixes?.length
    ? runFixes($, input.fixes, passOptions(input), new Set(input.skipFixPasses ?? []))
    : [];
  const passed = serializeEmail($);
  const html = verifyEmailHtml(passed, removed);
  if (html !== passed) $ = loadEmail(html);
  const sizeBytes = Buffer.byteLength(html, "utf8");
  const checks = runChecks($, { html, sizeBytes, source: input.source, ownOrigins: input.ownOrigins ?? [] });
  return {
    html,
    ...describe($, input),
    report: {
      passed: checks.every((c) => c.status !== "fail"),
      sizeBytes,
      checks,
      changes: [...sanitizeNotes(removed), ...changes, ...new Set(fixes.filter((f) => f.applied).map((f) => f.reason))],
      render: null,
    },
    fixes,
  };
}

/**
 * Every pass after the sanitiser, in the pipeline's order, on the one parsed document; returns what they changed,
 * in words. The sanitiser already ran on the raw HTML (its pass is the same step for an already parsed document).
 */
function runPasses($: CheerioAPI, input: ProcessEmailInput): string[] {
  const options = passOptions(input);
  return PASSES.filter((pass) => pass !== sanitize).flatMap((pass) => pass.run($, options));
}

function passOptions(input: ProcessEmailInput): PassOptions {
  return {
    source: input.source,
    subject: input.subject,
    preheader: input.preheader,
    language: input.language,
    stackedUnder: new Map(),
  };
}

/** Every check on the finished email; computed styles and text runs are worked out once for all of them. */
function runChecks(
  $: CheerioAPI,
  email: { html: string; sizeBytes: number; source: ProcessEmailInput["source"]; ownOrigins: string[] },
): TEmailCheck[] {
  const styles = new ComputedStyles();
  const ctx = { $, ...email, styles, runs: textRuns($, styles) };
  return CHECKS.flatMap((c) => c.run(ctx));
}

/**
 * Subject (given, else the <title>), plain text and preheader (the hidden one in the email, else the given one,
 * else the first words of the text after the subject).
 */
function describe($: CheerioAPI, input: ProcessEmailInput): Pick<ProcessEmailResult, "subject" | "text" | "preheader"> {
  const title = visibleText($(firstElement($, "title")).text());
  const subject = (input.subject?.trim() || title || FALLBACK_SUBJECT).slice(0, 200);
  // Read before plainText, which detaches the hidden elements the preheader is one of.
  const hidden = preheaderText($, findPreheader($));
  const text = plainText($, subject);
  const preheader =
    hidden || input.preheader?.trim() || text.slice(subject.length).replace(/\s+/g, " ").trim().slice(0, 90).trim();
  return { subject, text, preheader: preheader.slice(0, 150) };
}
