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
// Each menu uses every glyph once: a second meaning gets a glyph of its own.
export const mailCheck: IconGlyph = { d: "M3 6h18v7M3 6v12h9M3 7l9 6 9-6M15 18l2 2 4-4" };
export const palette: IconGlyph = {
  d: "M12 3a9 9 0 000 18c1.1 0 1.5-.8 1.5-1.5 0-1.2-1-1.5-1-2.5s.7-1.5 1.7-1.5H16a5 5 0 005-5c0-4-4-7.5-9-7.5zM7.5 12h.01M9.5 8h.01M14.5 8h.01",
};
export const coins: IconGlyph = {
  d: "M12 4c4.4 0 8 1.3 8 3s-3.6 3-8 3-8-1.3-8-3 3.6-3 8-3zM4 7v5c0 1.7 3.6 3 8 3s8-1.3 8-3V7M4 12v5c0 1.7 3.6 3 8 3s8-1.3 8-3v-5",
};
export const user: IconGlyph = { d: "M12 12a4 4 0 100-8 4 4 0 000 8zM5 21a7 7 0 0114 0" };
export const receipt: IconGlyph = { d: "M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h3" };
export const box: IconGlyph = { d: "M3 7l9-4 9 4v10l-9 4-9-4zM3 7l9 4 9-4M12 11v10" };
export const gem: IconGlyph = { d: "M6 3h12l3 6-9 12L3 9zM3 9h18M9 3l3 6 3-6M12 9v12" };
export const tray: IconGlyph = { d: "M3 13l3-8h12l3 8v6H3zM3 13h5l1 3h6l1-3h5" };
export const pulse: IconGlyph = { d: "M3 12h4l3-7 4 14 3-7h4" };
export const list: IconGlyph = { d: "M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01" };
