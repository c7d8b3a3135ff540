import {
  leafBlocksOf,
  type TDesignLayout,
  type TLayoutBox,
  type TLayoutColumn,
  type TLayoutLeafBlock,
  type TLayoutText,
  type TLayoutWord,
} from "@mailsmith/shared";
import { emailWidthOf, runsBy } from "./email-from-layout.js";

/**
 * The design reader's layout as prompt text (decision 122): what the local reader measured in the
 * design — sections with their background, rows and columns, each block's text with its size, weight, colour and
 * alignment, buttons, pictures with their boxes, dividers — sent beside the image on the first pass and the repair
 * pass, so the model copies measured values and exact words instead of guessing them from pixels. Boxes are in the
 * email's CSS pixels (the design's body column scaled to the email's width), y from the top of the design.
 */

/** The summary stops growing here (a long design's text still fits the prompt; the picture has the rest). */
export const LAYOUT_SUMMARY_MAX_CHARS = 8000;
const MAX_BLOCK_TEXT = 300;

const MAX_ALL_TEXT = 4000;

const quote = (s: string, max = MAX_BLOCK_TEXT) => {
  const t = s.replace(/\s+/g, " ").trim();
  return JSON.stringify(t.length > max ? `${t.slice(0, max - 1)}…` : t);
};

/**
 * The words a text sets apart (decision 148), as runs: `, with link "found online" (#336699), bold "Getting started:"`;
 * "" when none.
 */
function setApart(b: TLayoutText): string {
  const words = b.lines.flatMap((l) => [...l.words].sort((p, q) => p.box.x - q.box.x));
  // What a run is called before and after its words: link "found online" (#336699), "because" in #cc0000.
  const look = (w: TLayoutWord): [string, string] | null =>
    w.underline
      ? ["link ", w.colour ? ` (${w.colour})` : ""]
      : w.colour
        ? ["", ` in ${w.colour}`]
        : w.bold
          ? ["bold ", ""]
          : null;
  const runs = runsBy(words, (w) => String(look(w))).flatMap((run) => {
    const around = look(run.items[0]!);
    return around ? [`${around[0]}${quote(run.items.map((w) => w.text).join(" "), 80)}${around[1]}`] : [];
  });
  return runs.length ? `, with ${runs.slice(0, 8).join(", ")}` : "";
}

export function layoutSummary(layout: TDesignLayout, design = 1): string[] {
  const width = emailWidthOf(layout);
  const k = width / Math.max(1, layout.content.width);
  const x = (v: number) => Math.round((v - layout.content.x) * k);
  const y = (v: number) => Math.round(v * k);
  const size = (b: TLayoutBox) => `${Math.round(b.width * k)}×${Math.round(b.height * k)}`;
  // (Upright sans-serif with no letter spacing is the default and goes unsaid.)
  const face = (b: {
    fontFamily?: string | undefined;
    fontStyle?: string | undefined;
    letterSpacingPx?: number | undefined;
  }) =>
    (b.fontStyle === "italic" ? " italic" : "") +
    (b.fontFamily === "serif" ? " serif" : "") +
    (b.letterSpacingPx ? ` letter-spacing ${b.letterSpacingPx}px` : "");
  const block = (b: TLayoutLeafBlock): string => {
    const at = `at x ${x(b.box.x)}, y ${y(b.box.y)}, ${size(b.box)}`;
    switch (b.kind) {
      case "text":
        return `${b.role} ${Math.round(b.fontSizePx)}px ${b.fontWeight}${face(b)} ${b.colour} ${b.align}: ${quote(b.text)}${setApart(b)}`;
      case "button":
        return `button ${quote(b.text)}: fill ${b.background}${b.border ? `, border ${b.border}` : ""}, text ${b.colour} ${Math.round(b.fontSizePx)}px ${b.fontWeight}${face(b)}, radius ${Math.round(b.radiusPx)}px, ${size(b.box)}, ${b.align}`;
      case "picture":
        if (b.overlay)
          return `picture (${b.role}) ${at} as a background (${b.overlay.background} where pictures are off), with live text over it: ${b.overlay.blocks.map(block).join("; ")}`;
        return `picture (${b.role}) ${at}${b.text ? `, words on it: ${quote(b.text)}` : ""}`;
      case "divider":
        return `divider ${b.colour}, ${size(b.box)}`;
    }
  };
  const column = (c: TLayoutColumn) =>
    `x ${x(c.box.x)}–${x(c.box.x + c.box.width)}${c.background ? ` on ${c.background}` : ""}`;
  const head = [
    `Design ${design} as the design reader measured it (boxes in CSS pixels of a ${width}px-wide email, y from the top; where the picture and these values disagree, follow the picture):`,
    `- Page background ${layout.outerBackground}, email body ${width}px wide${layout.language ? `, language ${layout.language}` : ""}.`,
  ];
  const lines: string[] = [];
  layout.sections.forEach((s, i) => {
    lines.push(
      `- Section ${i + 1}: y ${y(s.box.y)}–${y(s.box.y + s.box.height)}, background ${s.background}, full width.`,
    );
    for (const row of s.rows) {
      const cols = row.columns;
      if (cols.length > 1)
        lines.push(`  - Row of ${cols.length} columns side by side (${cols.map(column).join("; ")}):`);
      cols.forEach((c, ci) => {
        const indent = cols.length > 1 ? "    " : "  ";
        if (cols.length > 1) lines.push(`${indent}- Column ${ci + 1}:`);
        else if (c.background) lines.push(`  - Card on ${c.background}:`);
        const inner = `${indent}${cols.length > 1 || c.background ? "  " : ""}`;
        for (const b of c.blocks) {
          if (b.kind !== "grid") {
            lines.push(`${inner}- ${block(b)}`);
            continue;
          }
          lines.push(
            `${inner}- ${b.cells.length} cells side by side, at x ${x(b.box.x)}, y ${y(b.box.y)}, ${size(b.box)}:`,
          );
          b.cells.forEach((cell, i) => {
            lines.push(`${inner}  - Cell ${i + 1} (x ${x(cell.box.x)}–${x(cell.box.x + cell.box.width)}):`);
            for (const leaf of cell.blocks) lines.push(`${inner}    - ${block(leaf)}`);
          });
        }
      });
    }
  });
  const uncertain = [
    ...new Set(
      layout.sections.flatMap((s) =>
        s.rows.flatMap((r) =>
          r.columns.flatMap((c) => leafBlocksOf(c.blocks).flatMap((b) => (b.kind === "text" ? b.uncertain : []))),
        ),
      ),
    ),
  ];
  const tail: string[] = [];
  if (uncertain.length)
    tail.push(`- Words the reader was unsure of (check them in the picture): ${uncertain.join(", ")}.`);
  if (layout.unreadable.length)
    tail.push(`- Areas with text the reader could not read (read them from the picture): ${layout.unreadable.length}.`);
  tail.push(`- All the design's text in reading order: ${quote(layout.text, MAX_ALL_TEXT)}`);
  // Bounded: the sections' lines up to what the head and the text leave, then a note that the rest is in the picture.
  let budget = LAYOUT_SUMMARY_MAX_CHARS - [...head, ...tail].reduce((n, l) => n + l.length + 1, 0);
  const body: string[] = [];
  for (const line of lines) {
    if (line.length + 1 > budget) {
      body.push("- (The rest of the layout is in the picture.)");
      break;
    }
    body.push(line);
    budget -= line.length + 1;
  }
  return [...head, ...body, ...tail];
}
