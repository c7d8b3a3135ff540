import { OUTLOOK_CHECK_TEXTS, OUTLOOK_DIFFERENCE_TEXTS as T, type TEmailCheck } from "@mailsmith/shared";
import type { OutlookChange, OutlookChangeKind } from "./approximate.js";

/**
 * What differs between the classic Outlook picture and the desktop picture, in plain words
 * (decision 109): the visible changes of the approximation, one sentence per kind, in the order a reader notices them.
 * The pixel comparison of the two renders is the cross-check: when the pictures are the same (below
 * SAME_PICTURE_RATIO of pixels differ) nothing is listed, whatever the transform removed.
 */

/** Share of differing pixels under which the two pictures count as the same (anti-aliasing, a 1 px shift). */
export const SAME_PICTURE_RATIO = 0.002;

const ORDER: OutlookChangeKind[] = [
  "columns-stack",
  "max-width",
  "button-padding",
  "background-image",
  "web-font",
  "radius",
  "block-padding",
  "margin-auto",
  "image-size",
  "float",
  "position",
  "shadow",
  "min-height",
  "opacity",
  "hidden-shown",
];

const SENTENCE: Record<Exclude<OutlookChangeKind, "web-font" | "other">, string> = {
  "button-padding": T.buttonPadding,
  "block-padding": T.blockPadding,
  "columns-stack": T.columnsStack,
  "max-width": T.maxWidth,
  radius: T.radius,
  "background-image": T.backgroundImage,
  shadow: T.shadow,
  float: T.float,
  position: T.position,
  "margin-auto": T.marginAuto,
  "image-size": T.imageSize,
  "min-height": T.minHeight,
  opacity: T.opacity,
  "hidden-shown": T.hiddenShown,
};

/** The kinds of visible change, each once, in ORDER. */
export function differenceKinds(changes: readonly OutlookChange[]): OutlookChangeKind[] {
  const seen = new Set(changes.filter((c) => c.visible).map((c) => c.kind));
  return ORDER.filter((k) => seen.has(k));
}

/** The plain sentences of the visible changes (fonts named, each font pair once). */
export function describeDifferences(changes: readonly OutlookChange[]): string[] {
  const out: string[] = [];
  for (const kind of differenceKinds(changes)) {
    if (kind === "web-font") {
      const pairs = new Set(
        changes.filter((c) => c.visible && c.kind === "web-font").map((c) => c.detail.split(" → ").join("\u0000")),
      );
      for (const p of pairs) {
        const [font = "", fallback = ""] = p.split("\u0000");
        out.push(T.webFont(font, fallback));
      }
    } else if (kind !== "other") out.push(SENTENCE[kind]);
  }
  return out;
}

/**
 * The `outlook-differences` check. `mismatchRatio` is the pixel comparison of the Outlook and desktop renders (both
 * at 600 px); null when it could not be made (then the transform's list stands alone).
 */
export function outlookDifferencesCheck(changes: readonly OutlookChange[], mismatchRatio: number | null): TEmailCheck {
  const base = { id: "outlook-differences", title: OUTLOOK_CHECK_TEXTS.title };
  const items = describeDifferences(changes);
  if (items.length === 0 || (mismatchRatio !== null && mismatchRatio < SAME_PICTURE_RATIO)) {
    const ignoredSomething = changes.length > 0;
    return {
      ...base,
      status: "pass",
      reason: ignoredSomething ? OUTLOOK_CHECK_TEXTS.invisible : OUTLOOK_CHECK_TEXTS.none,
    };
  }
  return {
    ...base,
    status: "warn",
    reason: OUTLOOK_CHECK_TEXTS.found(items.length),
    fix: OUTLOOK_CHECK_TEXTS.fix,
    items,
  };
}
