import { DARK_MODE_FIX_TEXTS as T, type TEmailCheck, type TEmailFixChange } from "@mailsmith/shared";
import type { CheerioAPI } from "cheerio";
import { type Color, clampChroma, formatHex, type Lab, lab, type Oklch, oklch, wcagContrast } from "culori";
import type { Element } from "domhandler";
import { short } from "../checks/check.js";
import { ComputedStyles, type TextRun, textRuns } from "../checks/computed.js";
import { isTag, loadEmail, parseStyle, stringifyStyle, styleOf } from "../dom.js";
import type { FixContext, FixPass } from "./fix-pass.js";

/**
 * Dark-mode repair (decision 109): text that vanishes when a mail app darkens the email (the forced
 * dark preview: Chromium's algorithmic darkening, what Gmail's and Outlook's apps do on a dark phone) gets a
 * background that darkens with it, and the email declares its own dark colours for the clients that ask
 * (`color-scheme` meta, `@media (prefers-color-scheme: dark)`, Outlook apps' `[data-ogsc]`/`[data-ogsb]`).
 *
 * The darkening, as measured on the renderer's Chromium (decision 109 has the figures): a background whose
 * brightness ((299 R + 587 G + 114 B) / 1000) is above 205 is inverted, a text colour below 150 is inverted, and
 * inverting sets CIELAB lightness to min(100, 110 − L) with a and b kept. Dark text on a mid-light background
 * (#666 on #ccc, black on a yellow button) is the failure: the text turns light, the background stays.
 */

export const BACKGROUND_THRESHOLD = 205;
export const TEXT_THRESHOLD = 150;
/** Below this contrast in the darkened picture the text counts as vanishing (3:1). */
export const VANISHING = 3;
/** Aimed above the thresholds: the browser blends and rounds. */
const MARGIN = 6;

const brightness = (c: Color) => {
  const { r, g, b } = rgb255(c);
  return (299 * r + 587 * g + 114 * b) / 1000;
};
function rgb255(c: Color): { r: number; g: number; b: number } {
  const hex = formatHex(c);
  return {
    r: Number.parseInt(hex.slice(1, 3), 16),
    g: Number.parseInt(hex.slice(3, 5), 16),
    b: Number.parseInt(hex.slice(5, 7), 16),
  };
}

function invert(c: Color): string {
  const l = lab(c) as Lab;
  return formatHex(clampChroma({ ...l, mode: "lab", l: Math.min(100, 110 - l.l) }, "lab"));
}

/** A colour after a mail app's darkening: `text` or `background`. */
export function darkened(c: Color, role: "text" | "background"): string {
  const b = brightness(c);
  if (role === "background") return b > BACKGROUND_THRESHOLD ? invert(c) : formatHex(c);
  return b < TEXT_THRESHOLD ? invert(c) : formatHex(c);
}

/** The text's contrast after the darkening. */
export const darkenedContrast = (fg: Color, bg: Color) =>
  wcagContrast(darkened(fg, "text"), darkened(bg, "background"));

/**
 * The nearest lighter background (OKLCH lightness only, hue and chroma kept) that the darkening inverts and on which
 * the darkened text reaches `VANISHING` — without lowering the light picture's contrast. Null when none does.
 */
export function backgroundThatDarkens(fg: Color, bg: Color): string | null {
  const start = oklch(bg) as Oklch;
  const lightBefore = wcagContrast(fg, bg);
  for (let step = 1; step <= 60; step++) {
    const l = Math.min(1, start.l + step * 0.005);
    const hex = formatHex(clampChroma({ ...start, mode: "oklch", l }, "oklch"));
    const c = lab(hex) as Color;
    if (brightness(c) <= BACKGROUND_THRESHOLD + MARGIN) continue;
    if (darkenedContrast(fg, c) >= VANISHING + 0.5 && wcagContrast(fg, c) >= lightBefore) return hex;
    if (l === 1) break;
  }
  return null;
}

/** The element whose own style (or bgcolor) paints the background behind `el`. */
function backgroundElement(el: Element): Element | null {
  for (let n: Element | null = el; n && isTag(n); n = n.parent as Element | null) {
    const s = styleOf(n);
    if (s.has("background-color") || s.has("background") || n.attribs.bgcolor) return n;
  }
  return null;
}

function setBackground(el: Element, hex: string): void {
  const style = new Map(parseStyle(el.attribs.style));
  const important = /!important/i.test(style.get("background-color") ?? style.get("background") ?? "");
  const bg = style.get("background");
  if (bg !== undefined && !/url\(|gradient\(/i.test(bg)) style.delete("background");
  style.set("background-color", important ? `${hex} !important` : hex);
  el.attribs.style = stringifyStyle(style);
  if (el.attribs.bgcolor) el.attribs.bgcolor = hex;
}

function addClass(el: Element, name: string): void {
  const classes = (el.attribs.class ?? "").split(/\s+/).filter(Boolean);
  if (!classes.includes(name)) el.attribs.class = [...classes, name].join(" ");
}

/** `<meta name="color-scheme">` and `supported-color-schemes`, and the same on :root, once. */
function declareSchemes($: CheerioAPI): boolean {
  if ($('meta[name="color-scheme"]').length > 0) return false;
  let head = $("head");
  if (head.length === 0) {
    $("html").prepend("<head></head>");
    head = $("head");
  }
  head.append(
    '<meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">',
  );
  return true;
}

interface Repair {
  cls: string;
  bgEl: Element;
  textEls: Set<Element>;
  before: string;
  after: string;
  fg: string;
  ratio: number;
  sample: string;
}

/** Text runs that vanish under the darkening: sample and contrast, each colour pair once. */
export function vanishingTexts(runs: readonly TextRun[]): { sample: string; ratio: number }[] {
  const seen = new Map<string, { sample: string; ratio: number }>();
  for (const run of runs) {
    const { color, background } = run.style;
    if (!color || !background || !/[\p{L}\p{N}]/u.test(run.text)) continue;
    const ratio = darkenedContrast(color, background);
    const key = `${formatHex(color)} ${formatHex(background)}`;
    if (ratio < VANISHING && !seen.has(key)) seen.set(key, { sample: short(run.text, 40), ratio });
  }
  return [...seen.values()];
}

/** The "dark-mode.vanishing" check of the report: warns when text vanishes in the forced-dark picture. */
export function darkModeCheck(html: string): TEmailCheck {
  const $ = loadEmail(html);
  const found = vanishingTexts(textRuns($, new ComputedStyles()));
  const base = { id: "dark-mode.vanishing", title: T.checkTitle };
  if (found.length === 0) return { ...base, status: "pass", reason: T.pass };
  return {
    ...base,
    status: "warn",
    reason: T.found(found.length),
    fix: T.fix,
    items: found.slice(0, 10).map((f) => T.item(f.sample, f.ratio)),
  };
}

function repairs(ctx: FixContext): Repair[] {
  const byBackground = new Map<Element, Repair>();
  for (const run of ctx.runs) {
    const { color, background } = run.style;
    if (!color || !background || !/[\p{L}\p{N}]/u.test(run.text)) continue;
    const ratio = darkenedContrast(color, background);
    if (ratio >= VANISHING) continue;
    const bgEl = backgroundElement(run.el);
    if (!bgEl || bgEl.name === "body" || bgEl.name === "html") continue;
    const existing = byBackground.get(bgEl);
    if (existing) {
      existing.textEls.add(run.el);
      continue;
    }
    const after = backgroundThatDarkens(color, background);
    if (!after) continue;
    byBackground.set(bgEl, {
      cls: `ms-dark-${byBackground.size + 1}`,
      bgEl,
      textEls: new Set([run.el]),
      before: formatHex(background),
      after,
      fg: formatHex(color),
      ratio,
      sample: run.text,
    });
  }
  return [...byBackground.values()];
}

/** The clients that honour a dark scheme get the repaired colours darkened as the apps would, written out. */
function darkStyles(list: Repair[]): string {
  const rules = list.map((r) => {
    const bg = darkened(lab(r.after) as Color, "background");
    const fg = darkened(lab(r.fg) as Color, "text");
    return { sel: `.${r.cls}`, text: `.${r.cls}-text`, bg, fg };
  });
  const media = rules
    .map((r) => `${r.sel}{background-color:${r.bg} !important}${r.text}{color:${r.fg} !important}`)
    .join("");
  const outlook = rules
    .map(
      (r) => `[data-ogsb] ${r.sel}{background-color:${r.bg} !important}[data-ogsc] ${r.text}{color:${r.fg} !important}`,
    )
    .join("");
  return `:root{color-scheme:light dark;supported-color-schemes:light dark}@media (prefers-color-scheme: dark){${media}}${outlook}`;
}

export const darkModeRepair: FixPass = {
  name: "dark-mode",
  run(ctx) {
    const { $ } = ctx;
    const list = repairs(ctx);
    const changes: TEmailFixChange[] = [];
    if (list.length === 0) return changes;
    for (const r of list) {
      setBackground(r.bgEl, r.after);
      addClass(r.bgEl, r.cls);
      for (const el of r.textEls) addClass(el, `${r.cls}-text`);
      const fgDark = darkened(lab(r.fg) as Color, "text");
      changes.push({
        id: "dark-mode.vanishing",
        reason: T.vanishing(short(r.sample, 40), r.ratio),
        before: `${r.fg} on ${r.before}: ${fgDark} on ${darkened(lab(r.before) as Color, "background")} when darkened (${r.ratio.toFixed(2)}:1)`,
        after: `${r.fg} on ${r.after}: ${fgDark} on ${darkened(lab(r.after) as Color, "background")} when darkened (${darkenedContrast(lab(r.fg) as Color, lab(r.after) as Color).toFixed(2)}:1)`,
        applied: true,
      });
    }
    const declared = declareSchemes($);
    const head = $("head");
    head.append(`<style>${darkStyles(list)}</style>`);
    if (declared)
      changes.push({ id: "dark-mode.color-scheme", reason: T.meta, before: "", after: "light dark", applied: true });
    return changes;
  },
};
