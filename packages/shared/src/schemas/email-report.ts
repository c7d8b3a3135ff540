import { z } from "zod";

/**
 * The email report (issue 10; docs/decisions/021-email-post-processing.md). One shape for the generator's results
 * and for "Check my email": a list of checks, each pass / warn / fail with a one-line reason and a fix where there
 * is one. `passed` means "a careful email developer would send this": no check failed.
 */

export const EMAIL_CHECK_STATUSES = ["pass", "warn", "fail"] as const;
export type EmailCheckStatus = (typeof EMAIL_CHECK_STATUSES)[number];

/**
 * Fixes the server can apply in one click (prepareReportFixes and the fix groups on the server): "use
 * https" (links without a scheme, http: addresses), "accessibility" and "dark-mode" (the engine's fix groups), and
 * "alt-text" (the alt texts the member writes in the report, one field per picture).
 */
export const EMAIL_AUTOFIXES = ["use-https", "accessibility", "dark-mode", "alt-text"] as const;
export type EmailAutofix = (typeof EMAIL_AUTOFIXES)[number];

/** Which one-click fix answers a check: one list, read by the report on every page and the server. */
const CHECK_AUTOFIX: Record<string, EmailAutofix> = {
  "a11y.lang": "accessibility",
  "a11y.dir": "accessibility",
  "a11y.title": "accessibility",
  "a11y.headings": "accessibility",
  "a11y.contrast": "accessibility",
  axe: "accessibility",
  "a11y.alt": "alt-text",
  "dark-mode.vanishing": "dark-mode",
};

/**
 * The fix a report line offers: its own (stored reports name "use-https"), else the one its check id maps to. axe-core's
 * line offers Fix accessibility only while it lists a rule other than image-alt: a missing alt text needs a person
 * (the a11y.alt line asks for it), and the button would change nothing.
 */
export function autofixOf(check: {
  id: string;
  status: EmailCheckStatus;
  autofix?: EmailAutofix;
  items?: string[];
}): EmailAutofix | undefined {
  if (check.status === "pass") return undefined;
  if (check.id === "axe" && (check.items ?? []).every((item) => item.startsWith("image-alt "))) return undefined;
  return check.autofix ?? CHECK_AUTOFIX[check.id];
}

export const ZEmailCheckSchema = z.object({
  /** Stable id, e.g. "caniemail.outlook", "a11y.lang", "a11y.contrast", "links.https", "size.gmail-clip". */
  id: z.string(),
  title: z.string(),
  status: z.enum(EMAIL_CHECK_STATUSES),
  /** One line: why this status. */
  reason: z.string(),
  /** One line: what to do. */
  fix: z.string().optional(),
  /** The offending links, images, colours … */
  items: z.array(z.string()).optional(),
  autofix: z.enum(EMAIL_AUTOFIXES).optional(),
});
export type TEmailCheck = z.infer<typeof ZEmailCheckSchema>;
export type EmailCheck = TEmailCheck;

export const ZEmailRenderSchema = z.object({
  available: z.boolean(),
  reason: z.string().optional(),
  widthPx: z.number().optional(),
  heightPx: z.number().optional(),
  mobileOverflowPx: z.number().optional(),
});
export type TEmailRender = z.infer<typeof ZEmailRenderSchema>;

export const ZEmailPreviewsSchema = z.object({
  desktop: z.string().optional(),
  mobile: z.string().optional(),
  dark: z.string().optional(),
  darkForced: z.string().optional(),
  /** Classic Outlook for Windows approximated (the Word engine's reading): an approximation. */
  outlook: z.string().optional(),
});
export type TEmailPreviews = z.infer<typeof ZEmailPreviewsSchema>;

export const ZEmailReportSchema = z.object({
  /** "A careful email developer would send this": no check with status fail. */
  passed: z.boolean(),
  sizeBytes: z.number(),
  checks: z.array(ZEmailCheckSchema),
  /** What post-processing changed, in words. */
  changes: z.array(z.string()),
  render: ZEmailRenderSchema.nullable(),
  previews: ZEmailPreviewsSchema.optional(),
});
export type TEmailReport = z.infer<typeof ZEmailReportSchema>;

/** Texts of the report on the web (generator results, Check my email). */
export const EMAIL_REPORT_UI = {
  title: "Quality report",
  passed: "Passed",
  failed: "Needs fixing",
  status: { pass: "Pass", warn: "Warning", fail: "Fail" } as Record<EmailCheckStatus, string>,
  counts: (pass: number, warn: number, fail: number) => `${pass} passed · ${warn} warnings · ${fail} failed`,
  fixLabel: "Fix:",
  showPassed: (n: number) => `Show ${n} passed check${n === 1 ? "" : "s"}`,
  hidePassed: "Hide passed checks",
  changesTitle: "What post-processing changed",
  autofix: {
    "use-https": "Use https",
    accessibility: "Fix accessibility",
    "dark-mode": "Repair dark mode",
    "alt-text": "Save alt texts",
  } as Record<EmailAutofix, string>,
  autofixApplied: {
    "use-https": "Fixed: every link and image now uses https.",
    accessibility: "Accessibility fixed: the report, previews and HTML are updated.",
    "dark-mode": "Dark mode repaired: the report, previews and HTML are updated.",
    "alt-text": "Alt texts saved: the report, previews and HTML are updated.",
  } as Record<EmailAutofix, string>,
  altTitle: "Alternative texts for the pictures",
  altField: (n: number, src: string) => `Picture ${n}: ${src}`,
  altHint: "Say what the picture shows, as you would to someone who cannot see it.",
  altRequired: "Write an alt text for at least one picture.",
  fixFailed: "The fix could not be applied. Please try again.",
  /** Groups, in the order shown; a check belongs to the first group whose prefix its id starts with. */
  groups: [
    { id: "clients", title: "Email clients", prefixes: ["caniemail."] },
    { id: "render", title: "Rendering", prefixes: ["render."] },
    { id: "a11y", title: "Accessibility", prefixes: ["a11y.", "content.", "axe"] },
    { id: "links", title: "Links", prefixes: ["links."] },
    { id: "size", title: "Size", prefixes: ["size."] },
    { id: "deliverability", title: "Spam and deliverability", prefixes: ["spam", "deliverability."] },
  ],
  otherGroup: "Other checks",
} as const;

/** The old name of the report schema, from before the pass / warn / fail checks. */
export const ZQualityReportSchema = ZEmailReportSchema;
export type TQualityReport = TEmailReport;

// ---------- reading reports stored before the pass / warn / fail checks ----------

/** The report shape stored before the pass / warn / fail checks (rows in `generations.report` may still hold it). */
export interface TLegacyQualityReport {
  sizeBytes: number;
  sizeStatus: "ok" | "warn" | "clipped";
  clients: {
    client: string;
    issues: { feature: string; platforms: string[] }[];
    degrades: { feature: string; platforms: string[] }[];
    fixed: { feature: string; platforms: string[] }[];
  }[];
  fixes: string[];
  missingAlt: string[];
  insecureLinks: string[];
  passed: boolean;
}

const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const strs = (v: unknown): string[] => arr(v).filter((x): x is string => typeof x === "string");

/**
 * Any stored report (new shape, old shape, null or junk) as a valid TEmailReport, so that reading an old row never
 * crashes. The old shape is converted check by check; its `passed` is kept as it was computed then.
 */
export function toEmailReport(value: unknown): TEmailReport {
  const parsed = ZEmailReportSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const old = (value && typeof value === "object" ? value : {}) as Partial<Record<keyof TLegacyQualityReport, unknown>>;
  const sizeBytes = typeof old.sizeBytes === "number" ? old.sizeBytes : 0;
  const checks: TEmailCheck[] = [];
  if (typeof old.sizeStatus === "string") {
    checks.push({
      id: "size.gmail-clip",
      title: "Size (Gmail clips above 102 KB)",
      status: old.sizeStatus === "clipped" ? "fail" : old.sizeStatus === "warn" ? "warn" : "pass",
      reason:
        old.sizeStatus === "clipped"
          ? "Gmail clips this email."
          : old.sizeStatus === "warn"
            ? "Close to Gmail's clipping limit."
            : "Under Gmail's clipping limit.",
    });
  }
  for (const c of arr(old.clients)) {
    const client = c as { client?: unknown; issues?: unknown; degrades?: unknown };
    if (typeof client.client !== "string") continue;
    const issues = arr(client.issues).map((f) => String((f as { feature?: unknown }).feature ?? ""));
    const degrades = arr(client.degrades).map((f) => String((f as { feature?: unknown }).feature ?? ""));
    checks.push({
      id: `caniemail.${client.client.toLowerCase().replace(/\s+/g, "-")}`,
      title: `${client.client} support (caniemail)`,
      status: issues.length ? "fail" : degrades.length ? "warn" : "pass",
      reason: issues.length
        ? `${issues.length} unsupported feature${issues.length === 1 ? "" : "s"}.`
        : degrades.length
          ? "Some features degrade gracefully."
          : "No unsupported features.",
      ...(issues.length || degrades.length ? { items: [...issues, ...degrades] } : {}),
    });
  }
  const missingAlt = strs(old.missingAlt);
  if (Array.isArray(old.missingAlt)) {
    checks.push({
      id: "a11y.alt",
      title: "Image alt text",
      status: missingAlt.length ? "warn" : "pass",
      reason: missingAlt.length ? "Some images had no alt text." : "Every image has alt text.",
      ...(missingAlt.length ? { items: missingAlt } : {}),
    });
  }
  const insecure = strs(old.insecureLinks);
  if (Array.isArray(old.insecureLinks)) {
    checks.push({
      id: "links.https",
      title: "Secure links",
      status: insecure.length ? "warn" : "pass",
      reason: insecure.length ? "Some links are not https." : "Every link uses https.",
      ...(insecure.length ? { items: [...new Set(insecure)] } : {}),
    });
  }
  return {
    passed: old.passed === true,
    sizeBytes,
    checks,
    changes: strs(old.fixes),
    render: null,
  };
}
