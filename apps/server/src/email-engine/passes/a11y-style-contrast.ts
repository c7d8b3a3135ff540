import { EMAIL_FIX_TEXTS as T, type TEmailFixChange } from "@mailsmith/shared";
import type { CheerioAPI } from "cheerio";
import { type Color, formatHex, wcagContrast } from "culori";
import type { Element } from "domhandler";
import type { Declaration, Rule } from "postcss";
import { short } from "../checks/check.js";
import { type ComputedStyles, parseColour } from "../checks/computed.js";
import { visibleText } from "../dom.js";
import type { FixPass } from "../fixes/fix-pass.js";
import { AA_LARGE, AA_TEXT, nearestPassing } from "./a11y-contrast.js";
import { IMPORTANT_AT_END, parseCss } from "./css-rules.js";

/** Rules that are not the email's everyday look: dark mode (the dark-mode repair's job) and interaction states. */
const NOT_EVERYDAY = /prefers-color-scheme\s*:\s*dark/i;
const STATE_OR_DARK =
  /:(?:hover|focus|active|visited|focus-within|focus-visible)\b|\[data-ogsc\]|\[data-ogsb\]|\.dark/i;

const isLarge = (size: number, bold: boolean) => size >= 24 || (bold && size >= 18.66);

function safeSelect($: CheerioAPI, selector: string): Element[] {
  try {
    return $(selector.replace(/::?(?:before|after|first-line|first-letter)\b/gi, "")).toArray() as Element[];
  } catch {
    return [];
  }
}

function ruleBackground(rule: Rule): Color | undefined {
  let bg: Color | undefined;
  rule.walkDecls(/^background(?:-color)?$/i, (d) => {
    for (const token of d.value.replace(IMPORTANT_AT_END, "").split(/\s+(?![^(]*\))/)) {
      bg = parseColour(token) ?? bg;
    }
  });
  return bg;
}

/**
 * Contrast set by the stylesheet the inlining kept (a phone's `@media` rule, a rule the inliner could not place):
 * inline colours are the contrast pass's; a kept rule's `color` applies on top of them on some screens and is
 * repaired the same way — the nearest colour that reaches WCAG AA against the background behind each element the
 * rule matches (the rule's own background when it sets one), in the rule itself. Dark-mode rules and hover/focus
 * states are left alone (the dark-mode repair reads the first; the second are not the text's everyday colour).
 */
export const a11yStyleContrast: FixPass = {
  name: "a11y-style-contrast",
  run({ $, styles }) {
    const out: TEmailFixChange[] = [];
    $("style").each((_, node) => {
      const style = $(node);
      const root = parseCss(style.html() ?? "");
      if (!root) return;
      let changed = false;
      root.walkRules((rule) => {
        const media = rule.parent?.type === "atrule" ? String((rule.parent as { params?: string }).params ?? "") : "";
        if (NOT_EVERYDAY.test(media) || STATE_OR_DARK.test(rule.selector)) return;
        rule.walkDecls(/^color$/i, (decl) => {
          const fixed = repairDeclaration($, styles, rule, decl);
          if (!fixed) return;
          changed = true;
          out.push(fixed);
        });
      });
      if (changed) style.text(root.toString());
    });
    return out;
  },
};

function repairDeclaration(
  $: CheerioAPI,
  styles: ComputedStyles,
  rule: Rule,
  decl: Declaration,
): TEmailFixChange | undefined {
  const important = IMPORTANT_AT_END.test(decl.value) || decl.important;
  const original = parseColour(decl.value.replace(IMPORTANT_AT_END, ""));
  if (!original) return undefined;
  const ownBg = ruleBackground(rule);
  let colour: Color | string = original;
  let worst: { ratio: number; needed: number; bg: string; sample: string } | undefined;
  for (const el of rule.selectors.flatMap((s) => safeSelect($, s))) {
    const computed = styles.of(el);
    const text = visibleText($(el).text());
    const bg = ownBg ?? computed.background;
    if (computed.hidden || !bg || !/[\p{L}\p{N}]/u.test(text)) continue;
    const needed = isLarge(computed.fontSizePx, computed.bold) ? AA_LARGE : AA_TEXT;
    const ratio = wcagContrast(colour, bg);
    if (ratio >= needed) continue;
    worst ??= { ratio, needed, bg: formatHex(bg), sample: text };
    colour = nearestPassing(typeof colour === "string" ? (parseColour(colour) ?? original) : colour, bg, needed);
  }
  if (!worst) return undefined;
  const before = formatHex(original);
  const after = formatHex(colour) ?? before;
  decl.value = after;
  decl.important = important;
  return {
    id: "a11y.contrast",
    reason: T.styleContrast(worst.ratio, worst.needed, short(worst.sample, 40), short(rule.selector, 60)),
    before: `${before} on ${worst.bg} (${worst.ratio.toFixed(2)}:1)`,
    after: `${after} on ${worst.bg} (${wcagContrast(after, worst.bg).toFixed(2)}:1)`,
    applied: true,
  };
}
