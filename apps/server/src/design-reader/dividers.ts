import type { TLayoutDivider } from "@mailsmith/shared";
import { colourDistance, hex, SAME_COLOUR } from "./colour.js";
import type { Leaf } from "./segment.js";

/**
 * A rule is at most this tall (CSS px): a header's 5–6 px coloured bar (SendGrid's Merriweather, Mailchimp's
 * letterhead) is one, and was lost at 4.
 */
export const RULE_MAX_CSS = 8;

/** A rule: a thin, wide, one-colour leaf with no words (at most RULE_MAX_CSS tall, at least 8 times as wide). */
export function dividerOf(leaf: Leaf, scale: number, wordCount: number): TLayoutDivider | null {
  const { box } = leaf;
  if (
    wordCount > 0 ||
    box.height > Math.max(2, RULE_MAX_CSS * scale) ||
    box.width < 8 * Math.max(box.height, 3 * scale) ||
    // Mostly its background's colour: a line of tiny text, or a dashed rule that would be drawn invisible.
    colourDistance(leaf.colours.colour, leaf.background) <= SAME_COLOUR
  )
    return null;
  return { kind: "divider", box, colour: hex(leaf.colours.colour) };
}
