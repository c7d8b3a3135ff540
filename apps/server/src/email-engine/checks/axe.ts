import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { AXE_CHECK_TEXTS as T, type TEmailCheck } from "@mailsmith/shared";
import type { Renderer } from "../../adapters/renderer/renderer.js";
import { limitItems, short } from "./check.js";

/**
 * axe-core on the rendered email (decision 108): an independent accessibility check in the real
 * browser beside our own (which read the parsed document). Run by the renderer's audit page: JavaScript only in an
 * isolated world, every script of the email stopped by the page's policy (renderer.ts AUDIT_CSP).
 *
 * The rules that apply to an email: no landmark, region, bypass or skip-link rules (a mail client puts the email
 * inside its own page), nothing about forms (the sanitiser removes them).
 */
export const AXE_RULES = [
  "image-alt",
  "role-img-alt",
  "svg-img-alt",
  "area-alt",
  "object-alt",
  "image-redundant-alt",
  "html-has-lang",
  "html-lang-valid",
  "html-xml-lang-mismatch",
  "valid-lang",
  "document-title",
  "color-contrast",
  "link-name",
  "link-in-text-block",
  "button-name",
  "heading-order",
  "empty-heading",
  "page-has-heading-one",
  "presentation-role-conflict",
  "aria-allowed-attr",
  "aria-allowed-role",
  "aria-valid-attr",
  "aria-valid-attr-value",
  "aria-roles",
  "aria-hidden-body",
  "duplicate-id-aria",
  "td-headers-attr",
  "th-has-data-cells",
  "td-has-header",
  "scope-attr-valid",
  "table-duplicate-name",
  "table-fake-caption",
  "empty-table-header",
  "list",
  "listitem",
  "definition-list",
  "dlitem",
  "frame-title",
  "nested-interactive",
  "meta-viewport",
  "blink",
  "marquee",
] as const;

export interface AxeNode {
  target: string;
  html: string;
  /** color-contrast only: what axe measured. */
  contrast?: { fg: string; bg: string; ratio: number; fontSize: string; fontWeight: string; expected: number };
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

let source: string | undefined;

/** axe-core's own script (read once). */
export function axeSource(): string {
  source ??= readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  return source;
}

/** The audit script: axe-core's source, then axe.run with the email rules, mapped to small JSON. */
export function axeScript(): string {
  const options = { runOnly: { type: "rule", values: AXE_RULES }, resultTypes: ["violations"] };
  return `${axeSource()}
;axe.run(document, ${JSON.stringify(options)}).then((r) => r.violations.map((v) => ({
  id: v.id, impact: v.impact || null, help: v.help,
  nodes: v.nodes.slice(0, 200).map((n) => {
    const d = (n.any[0] && n.any[0].data) || {};
    const out = { target: String(n.target.join(" ")).slice(0, 200), html: String(n.html).slice(0, 160) };
    if (v.id === "color-contrast" && d.fgColor) out.contrast = { fg: d.fgColor, bg: d.bgColor, ratio: d.contrastRatio, fontSize: d.fontSize, fontWeight: d.fontWeight, expected: d.expectedContrastRatio ? Number(String(d.expectedContrastRatio).split(":")[0]) : 0 };
    return out;
  }),
})))`;
}

/** axe's violations on the email rendered at `width`; null when the renderer has no audit (a stand-in). */
export async function runAxe(renderer: Renderer, html: string, width: number): Promise<AxeViolation[] | null> {
  if (!renderer.audit) return null;
  return (await renderer.audit({ html, width, script: axeScript() })) as AxeViolation[];
}

/**
 * The report's `axe` check: a warning listing each rule axe found broken (with the first place), a pass otherwise.
 * A warning, not a failure: what fails an email stays our checks' judgement; where the two disagree
 * the corpus test says why.
 */
export function axeCheck(violations: AxeViolation[]): TEmailCheck {
  const base = { id: "axe", title: T.title };
  if (violations.length === 0) return { ...base, status: "pass", reason: T.pass(AXE_RULES.length) };
  const count = violations.reduce((n, v) => n + v.nodes.length, 0);
  const items = violations.map((v) =>
    T.item(v.id, v.nodes.length, v.help, short(v.nodes[0]?.target ?? v.nodes[0]?.html ?? "", 60)),
  );
  return { ...base, status: "warn", reason: T.found(count), fix: T.fix, items: limitItems(items) };
}
