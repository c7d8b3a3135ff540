import type { TBrandKitSnapshot } from "@mailsmith/shared";
import { deltaE, type PaletteColour } from "../../../email-engine/fidelity/index.js";

/**
 * Answer colours this close (CIEDE2000) to a colour of the design's palette are that colour: never changed. The
 * palette is quantised (16 colours), so a design colour may sit a few units from its palette entry: at 2.3 (a
 * just-noticeable difference) a corpus button #2199e8 snapped to the kit's #2b99e5 and cost a fidelity point.
 */
export const EXACT_DELTA_E = 5;
/** Answer colours this close (CIEDE2000) to a kit colour become that kit colour exactly. */
export const SNAP_DELTA_E = 6;
/** Answer colours this close to a colour of the design are the design's: kept (unless snapped to the kit). */
export const DESIGN_DELTA_E = 12;

interface Rgb {
  r: number;
  g: number;
  b: number;
}

function parseHex(hex: string): Rgb | null {
  let h = hex.slice(1).toLowerCase();
  if (h.length === 3) h = [...h].map((c) => c + c).join("");
  if (!/^[0-9a-f]{6}$/.test(h)) return null;
  return {
    r: Number.parseInt(h.slice(0, 2), 16),
    g: Number.parseInt(h.slice(2, 4), 16),
    b: Number.parseInt(h.slice(4, 6), 16),
  };
}

const chroma = (c: Rgb) => Math.max(c.r, c.g, c.b) - Math.min(c.r, c.g, c.b);
const lightness = (c: Rgb) => (Math.max(c.r, c.g, c.b) + Math.min(c.r, c.g, c.b)) / 510;

/** The kit's font stack as written in a style attribute (single quotes: it sits inside double-quoted attributes). */
export function kitFontStack(kit: TBrandKitSnapshot): string {
  const fallback = kit.font.fallback.replace(/"/g, "'");
  return kit.font.name ? `'${kit.font.name}', ${fallback}` : fallback;
}

/** A grey or near-black text colour (grey-blues like #374151 included; #0e0426, a dark violet, is not). */
const darkNeutral = (c: Rgb) => lightness(c) < 0.35 && chroma(c) < 30;

/**
 * The colour the kit puts in place of `hex` for CSS property `prop` on element `tag`, or null to keep it.
 * A colour the design has (within EXACT_DELTA_E) is kept; a colour near a kit colour snaps to it; a colour the design has (within DESIGN_DELTA_E of its palette) is
 * the design's and is kept; any other background was left open by the design (the model chose it) and takes the
 * kit's colour for its role: vivid → primary or accent, whichever is nearer; light neutral → background. Text is
 * thin, so its colour is often missing from a design's palette: with a design, only a default dark-neutral text
 * colour becomes the kit's text colour (when that is dark neutral too); without one, link text → link, dark neutral
 * text → text and vivid text → primary or accent. Dark backgrounds and light text are kept.
 */
function kitColour(
  hex: string,
  prop: string,
  tag: string,
  kit: TBrandKitSnapshot,
  design: Rgb[] | null,
): string | null {
  const c = parseHex(hex);
  if (!c) return null;
  const p = kit.palette;
  if (design?.some((d) => deltaE(c, d) <= EXACT_DELTA_E)) return null;
  const kitColours = [p.primary, p.accent, p.text, p.background, p.link];
  let best: string | null = null;
  let bestD = SNAP_DELTA_E;
  for (const k of kitColours) {
    const d = deltaE(c, parseHex(k)!);
    if (d <= bestD) [best, bestD] = [k, d];
  }
  if (best) return best;
  if (design?.some((d) => deltaE(c, d) <= DESIGN_DELTA_E)) return null;
  const vivid = chroma(c) > 60;
  const nearer = () => (deltaE(c, parseHex(p.primary)!) <= deltaE(c, parseHex(p.accent)!) ? p.primary : p.accent);
  if (prop === "color") {
    if (lightness(c) > 0.8) return null;
    if (design) return darkNeutral(c) && darkNeutral(parseHex(p.text)!) ? p.text : null;
    if (tag === "a") return p.link;
    if (vivid) return nearer();
    return darkNeutral(c) ? p.text : null;
  }
  if (vivid) return nearer();
  if (lightness(c) > 0.85) return p.background;
  return null;
}

const COLOUR_PROPS =
  /^(color|background|background-color|border|border-(?:top|right|bottom|left)(?:-color)?|border-color)$/;

function rewriteStyle(style: string, tag: string, kit: TBrandKitSnapshot, design: Rgb[] | null): string {
  return style.replace(/(^|;)(\s*)([a-z-]+)(\s*:\s*)([^;]*)/gi, (m, sep, sp, prop: string, colon, value: string) => {
    const name = prop.toLowerCase();
    if (name === "font-family") return `${sep}${sp}${prop}${colon}${kitFontStack(kit)}`;
    if (!COLOUR_PROPS.test(name)) return m;
    const role = name === "color" ? "color" : name.startsWith("border") ? "border" : "background";
    const next = value.replace(/#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b/g, (hex) =>
      role === "border" ? (snapOnly(hex, kit, design) ?? hex) : (kitColour(hex, role, tag, kit, design) ?? hex),
    );
    return `${sep}${sp}${prop}${colon}${next}`;
  });
}

/** Borders: only a colour near a kit colour changes (to it), and not one the design has. */
function snapOnly(hex: string, kit: TBrandKitSnapshot, design: Rgb[] | null): string | null {
  const c = parseHex(hex);
  if (!c || design?.some((d) => deltaE(c, d) <= EXACT_DELTA_E)) return null;
  const p = kit.palette;
  return (
    [p.primary, p.accent, p.text, p.background, p.link].find((k) => deltaE(c, parseHex(k)!) <= SNAP_DELTA_E) ?? null
  );
}

/**
 * The brand kit's post-pass, run on the processed email (styles inlined) before it is rendered and
 * scored: every font-family becomes the kit's stack, the web font's stylesheet is linked in the head, and colours
 * are mapped as `kitColour` says. `designPalette` is the designs' palette (null: no design, every colour is open).
 * Only style attributes and bgcolor attributes change; the rest of the document is kept byte for byte.
 */
export function applyBrandKit(html: string, kit: TBrandKitSnapshot, designPalette: PaletteColour[] | null): string {
  const design = designPalette ? designPalette.map((c) => ({ r: c.r, g: c.g, b: c.b })) : null;
  let out = html.replace(/<([a-zA-Z][a-zA-Z0-9]*)(\s[^>]*)?>/g, (whole, tag: string, attrs: string | undefined) => {
    if (!attrs) return whole;
    const lower = tag.toLowerCase();
    const next = attrs
      .replace(/(\sstyle\s*=\s*)(["'])([\s\S]*?)\2/i, (_m, pre, q: string, style: string) => {
        // Quotes inside CSS are interchangeable: &quot; (whose ";" would split a declaration) becomes '.
        const rewritten = rewriteStyle(style.replace(/&quot;/g, "'"), lower, kit, design);
        return `${pre}${q}${q === "'" ? rewritten.replace(/'/g, '"') : rewritten}${q}`;
      })
      .replace(/(\sbgcolor\s*=\s*)(["']?)(#[0-9a-fA-F]{3,6})\2/i, (m, pre, q, hex: string) => {
        const to = kitColour(hex, "background", lower, kit, design);
        return to ? `${pre}${q}${to}${q}` : m;
      });
    return `<${tag}${next}>`;
  });
  const href = kit.font.stylesheetUrl;
  if (href && !out.includes(href)) {
    const link = `<link rel="stylesheet" href="${href.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}">`;
    out = out.replace(/<\/head>/i, `${link}</head>`);
  }
  return out;
}
