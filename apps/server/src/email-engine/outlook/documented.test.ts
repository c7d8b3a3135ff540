import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { approximateOutlook } from "./approximate.js";
import { describeDifferences, differenceKinds } from "./differences.js";

/** The documented classic-Outlook examples (apps/server/test/fixtures/outlook/README.md: sources and licences). */
const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/outlook/${name}.html`, import.meta.url), "utf8");
const kinds = (name: string) => differenceKinds(approximateOutlook(fixture(name)).changes);

describe("classic Outlook approximation on documented examples", () => {
  it("hybrid columns without a ghost table stack (Cerberus: the div shows at 100% width)", () => {
    expect(kinds("columns-without-ghost-table")).toEqual(expect.arrayContaining(["columns-stack", "max-width"]));
  });

  it("hybrid columns in a ghost table stay side by side", () => {
    const out = approximateOutlook(fixture("columns-with-ghost-table"));
    expect(differenceKinds(out.changes)).not.toContain("columns-stack");
    expect(differenceKinds(out.changes)).not.toContain("max-width");
    // Word reads the ghost table: two 340 px cells in one row.
    expect(out.html).toMatch(/<td width="280"[^>]*>[\s\S]*Column one[\s\S]*<\/td><td width="280"/);
  });

  it("a padding button loses its padding and its round corners (Email on Acid, caniemail)", () => {
    const k = kinds("button-padding");
    expect(k).toEqual(expect.arrayContaining(["button-padding", "radius"]));
    expect(describeDifferences(approximateOutlook(fixture("button-padding")).changes)).toContain(
      "The button loses its padding: Outlook shows a small coloured strip around the link text.",
    );
  });

  it("a VML (buttons.cm) button keeps its size and colour: the roundrect is drawn, the web link is off", () => {
    const out = approximateOutlook(fixture("button-vml"));
    expect(differenceKinds(out.changes)).toEqual([]);
    expect(out.html).toMatch(/<td data-vml="v:roundrect" style="background-color:#222222;height:40px;width:200px/);
    expect(out.html.match(/Button Text/g)).toHaveLength(1);
  });

  it("a CSS background image without VML is missing (only the colour shows)", () => {
    const out = approximateOutlook(fixture("background-without-vml"));
    expect(differenceKinds(out.changes)).toContain("background-image");
    expect(out.html).not.toContain("url(");
  });

  it("a background image with VML is not flagged; the VML fill colour is drawn", () => {
    const out = approximateOutlook(fixture("background-with-vml"));
    expect(differenceKinds(out.changes)).not.toContain("background-image");
    expect(out.html).toContain('data-vml="v:rect" style="background-color:#000000;height:220px;width:680px');
    expect(out.html).toContain("Foreground HTML content.");
  });

  it("a web font without a system fallback shows in Times New Roman (Cerberus)", () => {
    const out = approximateOutlook(fixture("web-font-without-fallback"));
    expect(describeDifferences(out.changes)).toEqual([
      "The font Lobster is not on Windows: it falls back to Times New Roman.",
    ]);
    expect(out.html).not.toContain("fonts.googleapis.com");
  });

  it("a web font followed by Arial falls back to Arial", () => {
    const out = approximateOutlook(fixture("web-font-with-fallback"));
    expect(describeDifferences(out.changes)).toEqual(["The font Lobster is not on Windows: it falls back to Arial."]);
  });
});
