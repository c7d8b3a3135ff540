import { leafBlocksOf, type TLayoutText } from "@mailsmith/shared";
import { describe, expect, it } from "vitest";
import { buildPrompt } from "../features/generator/jobs/prompt.js";
import { newsletterLayout } from "./layout-fixture.js";
import { LAYOUT_SUMMARY_MAX_CHARS, layoutSummary } from "./layout-summary.js";

describe("layoutSummary", () => {
  const lines = layoutSummary(newsletterLayout());
  const text = lines.join("\n");

  it("names each section with its place and background, and each block with its measured style", () => {
    expect(text).toContain("email body 600px wide, language en");
    expect(text).toContain("- Section 2: y 80–380, background #1a2b3c, full width.");
    expect(text).toContain('heading 30px bold #ffffff center: "Spring sale is here"');
    expect(text).toContain('button "Shop the sale": fill #ff6600, text #ffffff 16px bold, radius 6px, 160×48, center');
    expect(text).toContain("- Row of 2 columns side by side (x 40–290; x 310–560):");
    expect(text).toContain('picture (photo) at x 40, y 452, 250×160, words on it: "Trail tent 2P"');
    expect(text).toContain("divider #cccccc, 520×2");
    expect(text).toContain("Words the reader was unsure of (check them in the picture): outdoors.example.");
    expect(text).toContain(
      `All the design's text in reading order: "Spring sale is here Everything for your next trip`,
    );
  });

  it("names a serif text's face, so a model sets it in a serif as the design does", () => {
    const serif = newsletterLayout();
    const blocks = leafBlocksOf(
      serif.sections.flatMap((s) => s.rows.flatMap((r) => r.columns.flatMap((c) => c.blocks))),
    );
    for (const b of blocks) if (b.kind === "text" || b.kind === "button") b.fontFamily = "serif";
    const summary = layoutSummary(serif).join("\n");
    expect(summary).toContain('heading 30px bold serif #ffffff center: "Spring sale is here"');
    expect(summary).toContain('button "Shop the sale": fill #ff6600, text #ffffff 16px bold serif, radius 6px');
  });

  it("names a text's link, accent and bold words, so a model sets them apart as the design does", () => {
    const styled = newsletterLayout();
    const footer = leafBlocksOf(
      styled.sections.flatMap((s) => s.rows.flatMap((r) => r.columns.flatMap((c) => c.blocks))),
    ).find((b): b is TLayoutText => b.kind === "text" && b.text.startsWith("You receive"))!;
    const marks: Record<string, object> = {
      You: { bold: true },
      this: { colour: "#1a82e2", underline: true },
      email: { colour: "#1a82e2", underline: true },
      because: { colour: "#cc0000" },
    };
    footer.lines[0]!.words = footer.lines[0]!.words.map((w) => ({ ...w, ...(marks[w.text] ?? {}) }));
    expect(layoutSummary(styled).join("\n")).toContain(
      ': "You receive this email because you signed up at outdoors.example. Unsubscribe", with bold "You", link "this email" (#1a82e2), "because" in #cc0000',
    );
    expect(text).not.toContain(", with ");
  });

  it("measures a 2× export in the email's CSS pixels", () => {
    expect(layoutSummary(newsletterLayout({ scale: 2 })).join("\n")).toContain(
      "- Row of 2 columns side by side (x 40–290; x 310–560):",
    );
  });

  it("stays under its bound on a long design and still ends with all of the text", () => {
    const long = newsletterLayout();
    const section = long.sections[2]!;
    long.sections = Array.from({ length: 60 }, () => section);
    const out = layoutSummary(long).join("\n");
    expect(out.length).toBeLessThanOrEqual(LAYOUT_SUMMARY_MAX_CHARS + 200);
    expect(out).toContain("(The rest of the layout is in the picture.)");
    expect(out).toContain("All the design's text in reading order:");
  });

  it("goes into the first pass and the repair pass of the prompt, beside the image", () => {
    const base = { emailType: "Newsletter", instructions: "", imageCount: 1, layout: newsletterLayout() };
    const first = buildPrompt(base);
    const repair = buildPrompt({
      ...base,
      previousHtml: "<html></html>",
      repair: { score: 52, differences: ["Layout similarity 40/100"] },
      sectionCrops: 2,
    });
    for (const prompt of [first, repair]) {
      expect(prompt).toContain("Design 1 as the design reader measured it");
      expect(prompt).toContain('button "Shop the sale"');
    }
    expect(repair).toContain("Then come 2 pairs of crops of the sections that differ most");
    expect(buildPrompt({ ...base, layout: null })).not.toContain("design reader");
  });
});
