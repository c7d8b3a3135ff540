import type { Page } from "playwright-core";

/** The part of the page a render's picture keeps, in CSS px from the page's top left corner. */
export interface PictureArea {
  width: number;
  height: number;
}

/**
 * The words a person sees in the picture of a rendered page (a render's `visibleText`). innerText keeps text no one
 * sees: a preheader hidden in a box of zero height or width with overflow hidden (Cerberus' `max-height: 0`), at
 * font-size 0 or 1 px, at opacity 0, in the colour of its background, pushed off the page, or below where the picture
 * was cut. Here a word counts only if its own box, drawn by the browser, has its centre inside the picture and inside
 * every box that clips it (overflow other than visible, `clip: rect(…)`), its text is visible, at least
 * MIN_FONT_PX tall, not (nearly) transparent, and not the colour of the background behind it (when no picture is
 * behind it). Known gaps: a clipping box that is not the text's containing block still clips it here, and text
 * covered by another box still counts.
 *
 * Read after the screenshot, from the page as pictured: it blanks the words it leaves out, then takes innerText, so
 * the text keeps innerText's order and line breaks.
 */
export async function visibleText(page: Page, picture: PictureArea): Promise<string> {
  // Sent as source: tsx (esbuild's keepNames) wraps named functions in a __name() helper the page does not have.
  const script = `(() => { const __name = (f) => f; return (${readVisibleText.toString()})(${JSON.stringify(picture)}); })()`;
  return String(await page.evaluate(script));
}

/** Runs in the page (nothing from outside it may be used here). */
function readVisibleText(picture: PictureArea): string {
  /** Text smaller than this no one reads (preheaders use 0 or 1 px). */
  const MIN_FONT_PX = 5;
  /** Text at less than this opacity (the product of its boxes') no one sees. */
  const MIN_OPACITY = 0.1;
  /** Text whose colour differs from its background by less than this (sum over r, g, b) no one sees. */
  const SAME_COLOUR = 10;
  interface Box {
    left: number;
    top: number;
    right: number;
    bottom: number;
  }
  interface Seen {
    /** Where the element's content can be seen (null: nowhere). */
    box: Box | null;
    opacity: number;
  }
  const whole: Box = { left: 0, top: 0, right: picture.width, bottom: picture.height };
  const intersect = (a: Box, b: Box): Box | null => {
    const r = {
      left: Math.max(a.left, b.left),
      top: Math.max(a.top, b.top),
      right: Math.min(a.right, b.right),
      bottom: Math.min(a.bottom, b.bottom),
    };
    return r.right - r.left >= 1 && r.bottom - r.top >= 1 ? r : null;
  };
  const seen = new Map<Element, Seen>();
  const seenOf = (el: Element): Seen => {
    const known = seen.get(el);
    if (known) return known;
    const parent = el.parentElement ? seenOf(el.parentElement) : { box: whole, opacity: 1 };
    const s = getComputedStyle(el);
    let box = parent.box;
    // The root's and body's overflow apply to the window (the picture), and inline boxes do not clip.
    const clips = el !== document.documentElement && el !== document.body && !/^(inline|contents)$/.test(s.display);
    if (box && clips) {
      const r = el.getBoundingClientRect();
      const clipX = s.overflowX !== "visible";
      const clipY = s.overflowY !== "visible";
      if (clipX || clipY) {
        box = intersect(box, {
          left: clipX ? r.left : Number.NEGATIVE_INFINITY,
          right: clipX ? r.right : Number.POSITIVE_INFINITY,
          top: clipY ? r.top : Number.NEGATIVE_INFINITY,
          bottom: clipY ? r.bottom : Number.POSITIVE_INFINITY,
        });
      }
      // clip: rect(top, right, bottom, left) on a positioned box (the old screen-reader-only pattern).
      const rect = /^rect\((.*)\)$/.exec(s.clip);
      if (box && rect && /^(absolute|fixed)$/.test(s.position)) {
        const [t, ri, b, l] = rect[1]!.split(/[\s,]+/).map((v) => (v === "auto" ? null : Number.parseFloat(v)));
        box = intersect(box, {
          left: r.left + (l ?? 0),
          top: r.top + (t ?? 0),
          right: ri == null ? r.right : r.left + ri,
          bottom: b == null ? r.bottom : r.top + b,
        });
      }
    }
    const out = { box, opacity: parent.opacity * Number(s.opacity) };
    seen.set(el, out);
    return out;
  };
  const rgba = (value: string): number[] | null => {
    const m = /^rgba?\(([^)]*)\)$/.exec(value);
    if (!m) return null;
    const parts = m[1]!
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    return parts.length >= 3 ? [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1] : null;
  };
  const backgrounds = new Map<Element, number[] | null>();
  /** The colour behind an element's text; null when a picture (or a colour this cannot read) is behind it. */
  const backgroundOf = (el: Element | null): number[] | null => {
    if (!el) return [255, 255, 255, 1];
    if (backgrounds.has(el)) return backgrounds.get(el)!;
    const s = getComputedStyle(el);
    const colour = rgba(s.backgroundColor);
    const out =
      s.backgroundImage !== "none" || (!colour && s.backgroundColor !== "transparent")
        ? null
        : colour && colour[3]! >= 0.5
          ? colour
          : backgroundOf(el.parentElement);
    backgrounds.set(el, out);
    return out;
  };
  const unseenColour = (el: Element, s: CSSStyleDeclaration): boolean => {
    const colour = rgba(s.color);
    if (!colour) return false;
    if (colour[3]! < MIN_OPACITY) return true;
    const behind = backgroundOf(el);
    return (
      !!behind &&
      Math.abs(colour[0]! - behind[0]!) + Math.abs(colour[1]! - behind[1]!) + Math.abs(colour[2]! - behind[2]!) <
        SAME_COLOUR
    );
  };
  const inside = (r: DOMRect, box: Box) =>
    r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom;
  const centreInside = (r: DOMRect, box: Box) => {
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
  };
  const drawn = (range: Range) => Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0);

  const body = document.body;
  if (!body) return "";
  const range = document.createRange();
  const edits: [Text, string][] = [];
  const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node as Text;
    const el = text.parentElement;
    if (!el || !/\S/.test(text.data)) continue;
    const s = getComputedStyle(el);
    const { box, opacity } = seenOf(el);
    const hidden =
      !box ||
      s.visibility !== "visible" ||
      Number.parseFloat(s.fontSize) < MIN_FONT_PX ||
      opacity < MIN_OPACITY ||
      unseenColour(el, s);
    range.selectNodeContents(text);
    const rects = hidden ? [] : drawn(range);
    if (rects.length === 0 || !box) {
      edits.push([text, ""]);
      continue;
    }
    if (rects.every((r) => inside(r, box))) continue;
    // Partly in view (a cut, a clipping box): word by word, by where each word's box is drawn.
    edits.push([
      text,
      text.data.replace(/\S+/g, (word, at: number) => {
        range.setStart(text, at);
        range.setEnd(text, at + word.length);
        return drawn(range).some((r) => centreInside(r, box)) ? word : "";
      }),
    ]);
  }
  for (const [text, data] of edits) text.data = data;
  // Words a person sees apart are apart: inline boxes set side by side with no white space between them in the source
  // (a menu's "Home", "About", "Blog" as padded links) run together in innerText as "HomeAboutBlog". A text that
  // ends where the next one starts beyond a gap, or on a lower line, ends with a space.
  const GAP_PX = 2;
  let last: { text: Text; rect: DOMRect } | null = null;
  const walkAgain = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
  for (let node = walkAgain.nextNode(); node; node = walkAgain.nextNode()) {
    const text = node as Text;
    // (White space between them, or a word left out, already parts them.)
    if (!/\S/.test(text.data)) {
      last = null;
      continue;
    }
    range.selectNodeContents(text);
    const rects = drawn(range);
    if (rects.length === 0) continue;
    const first = rects[0]!;
    if (last && !/\s$/.test(last.text.data) && !/^\s/.test(text.data)) {
      const sameLine = first.top < last.rect.bottom && first.bottom > last.rect.top;
      const apart = sameLine ? first.left >= last.rect.right + GAP_PX : first.top >= last.rect.bottom - 1;
      if (apart) last.text.data += " ";
    }
    last = { text, rect: rects[rects.length - 1]! };
  }
  return body.innerText;
}
