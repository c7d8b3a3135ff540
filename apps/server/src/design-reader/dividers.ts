import type { TLayoutDivider } from "@mailsmith/shared";
import { hex } from "./colour.js";
import type { Leaf } from "./segment.js";

/** A rule: a thin, wide, one-colour leaf with no words (at most 4 CSS px tall, at least 8 times as wide). */
export function dividerOf(leaf: Leaf, scale: number, wordCount: number): TLayoutDivider | null {
  const { box } = leaf;
  if (wordCount > 0 || box.height > Math.max(2, 4 * scale) || box.width < 8 * Math.max(box.height, 3 * scale))
    return null;
  return { kind: "divider", box, colour: hex(leaf.colours.colour) };
}
