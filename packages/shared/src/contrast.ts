/**
 * WCAG 2 colour contrast, one definition for the server (a brand kit's text colour read from a design) and the web
 * (the kit editor's contrast hints). https://www.w3.org/TR/WCAG21/#dfn-relative-luminance
 */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** Relative luminance (0 black … 1 white) of an sRGB colour with channels 0–255. */
export function relativeLuminance({ r, g, b }: Rgb): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** A #rrggbb colour's channels. */
export function hexToRgb(hex: string): Rgb {
  const at = (i: number) => Number.parseInt(hex.slice(i, i + 2), 16);
  return { r: at(1), g: at(3), b: at(5) };
}

/** WCAG contrast ratio (1 … 21) of two colours, given as #rrggbb or as channels; the order does not matter. */
export function contrastRatio(a: string | Rgb, b: string | Rgb): number {
  const lum = (c: string | Rgb) => relativeLuminance(typeof c === "string" ? hexToRgb(c) : c);
  const [lighter, darker] = [lum(a), lum(b)].sort((p, q) => q - p) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}
