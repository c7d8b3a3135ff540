import type { IconGlyph } from "./icons";

/**
 * Named icons of the member and admin areas (sidebars, dashboard cards) for <Icon glyph={…} />. Apart from ./icons so
 * the landing page's code does not carry them. Import as a namespace: `import * as navIcons from "./nav-icons"`.
 */

export const dashboard: IconGlyph = { d: "M3 13h8V3H3zm10 8h8V11h-8zM3 21h8v-6H3zm10-18v6h8V3z" };
export const spark: IconGlyph = { d: "M12 3l2.5 6.5L21 12l-6.5 2.5L12 21l-2.5-6.5L3 12l6.5-2.5z" };
export const card: IconGlyph = { d: "M3 6h18v12H3zM3 10h18" };
export const support: IconGlyph = { d: "M4 5h16v11H8l-4 4z" };
export const clock: IconGlyph = { d: "M12 7v5l3 3M12 3a9 9 0 100 18 9 9 0 000-18z" };
export const history: IconGlyph = { d: "M3 12a9 9 0 109-9M3 4v5h5" };
export const shield: IconGlyph = { d: "M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z" };
export const orders: IconGlyph = { d: "M6 4h12l1 16H5zM9 8a3 3 0 006 0" };
export const users: IconGlyph = { d: "M16 11a4 4 0 10-8 0M4 20a8 8 0 0116 0" };
export const settings: IconGlyph = {
  d: "M12 15a3 3 0 100-6 3 3 0 000 6zM19 12l2-1-2-4-2 1-2-1-1-2h-4l-1 2-2 1-2-1-2 4 2 1v0l-2 1 2 4 2-1 2 1 1 2h4l1-2 2-1 2 1 2-4z",
};
export const template: IconGlyph = { d: "M4 4h16v16H4zM4 9h16M9 9v11" };
export const mail: IconGlyph = { d: "M3 6h18v12H3zM3 7l9 6 9-6" };
