/**
 * Named icons for <Icon glyph={…} /> (stroke paths on a 24 × 24 grid): the controls every page has (menu, close, check,
 * home, sign out). The sidebars' and dashboards' set is in ./nav-icons. Two modules, not one record, because a bundle
 * places a module in one chunk: the landing page's header draws menu and close, and must not carry the areas' set.
 * Import as a namespace: `import * as icons from "@/components/ui/icons"`.
 */
export interface IconGlyph {
  /** One or more path outlines. */
  d: string;
  /** Stroke width (the default suits 20 px icons). */
  strokeWidth?: number;
}

const bold = 2;

/** Opens a menu or the sidebar. */
export const menu: IconGlyph = { d: "M4 6h16M4 12h16M4 18h16", strokeWidth: bold };
/** Closes a menu, a dialog or a page. */
export const close: IconGlyph = { d: "M6 6l12 12M6 18L18 6", strokeWidth: bold };
export const home: IconGlyph = { d: "M3 11l9-8 9 8M5 10v10h14V10", strokeWidth: bold };
export const logout: IconGlyph = { d: "M15 17l5-5-5-5M20 12H9M12 19H5V5h7", strokeWidth: bold };
export const check: IconGlyph = { d: "M5 12.5l4.5 4.5L19 7.5", strokeWidth: 2.5 };
