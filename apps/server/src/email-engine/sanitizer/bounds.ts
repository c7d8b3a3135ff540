import { EMAIL_CHECK_LIMITS, EMAIL_ENGINE_MESSAGES } from "@mailsmith/shared";
import { imageSize } from "image-size";
import type { DefaultTreeAdapterTypes as P5 } from "parse5";
import { AppError } from "../../lib/app-error.js";

/**
 * Bounds on the work one email may cost, checked before any recursive walk: the engine's later
 * steps (parse5's serialiser, cheerio, juice, css-select) recurse once per nesting level, and a 100 000-deep
 * `<div>` nest overflowed the stack after seconds of work. Real emails stay far below: the corpus' deepest is 33
 * levels, its largest 270 elements, its longest attribute 584 characters. 400 levels (100 nested tables) keeps every output under
 * Chromium's parser limit of 512 (deeper elements become siblings there: another tree than ours).
 */
export const EMAIL_BOUNDS = {
  maxDepth: 400,
  maxElements: 20_000,
  /** One attribute's value (a 48 KB picture inlined as base64 fits). */
  maxAttributeChars: 64 * 1024,
  /**
   * An <img src> that is a well-formed base64 PNG, JPEG, GIF or WebP data: URL may be as long as the whole email may
   * be (Check my email's limit): members' emails inline their pictures, and such a value is one string for the
   * parser and the passes, not work that grows with nesting.
   */
  maxInlinePictureChars: EMAIL_CHECK_LIMITS.maxHtmlBytes,
  maxAttributesPerElement: 256,
  /**
   * Width × height of a picture embedded as a data: URL (in any attribute, style sheet or conditional comment). Its
   * header may declare any size however few bytes it has: a 10 KB lossless WebP of 16 383 × 16 383 pixels took the
   * renderer's Chromium 1.4 GB and 1.8 s to draw (measured). Uploaded designs have the same 25-megapixel limit.
   */
  maxInlinePicturePixels: 25_000_000,
} as const;

export type BoundKind = "depth" | "elements" | "attribute" | "picture";

const BOUND_KINDS: readonly BoundKind[] = ["depth", "elements", "attribute", "picture"];

/** The message members read for each bound (EMAIL_ENGINE_MESSAGES, with the limits filled in). */
function boundMessage(kind: BoundKind): string {
  if (kind === "depth") return EMAIL_ENGINE_MESSAGES.tooDeep(EMAIL_BOUNDS.maxDepth);
  if (kind === "elements") return EMAIL_ENGINE_MESSAGES.tooManyElements(EMAIL_BOUNDS.maxElements);
  if (kind === "picture") return EMAIL_ENGINE_MESSAGES.pictureTooLarge(EMAIL_BOUNDS.maxInlinePicturePixels / 1_000_000);
  return EMAIL_ENGINE_MESSAGES.attributeTooLarge(EMAIL_BOUNDS.maxAttributeChars / 1024);
}

/**
 * Raised by the engine when an email is over a bound, with the message members read (the CLI prints it). The message
 * also tells the kind: it survives the trip from the worker thread to the pool, where a cloned Error keeps only its
 * message (pool.ts turns it into a 400/413).
 */
export class EmailBoundsError extends Error {
  constructor(readonly kind: BoundKind) {
    super(boundMessage(kind));
    this.name = "EmailBoundsError";
  }
}

/** The bound an error from the engine (maybe cloned across threads) reports, or null for any other error. */
export function boundOf(err: unknown): BoundKind | null {
  const message = err instanceof Error ? err.message : "";
  return BOUND_KINDS.find((kind) => boundMessage(kind) === message) ?? null;
}

/**
 * A linear pre-scan before parsing: the number of start tags (`<` and a letter) bounds the number of elements the
 * parser can create. parse5's tree building is iterative but slows down on very deep or very many open elements,
 * so an input with far too many tags is refused before it is parsed. Tags inside comments count too (conditional
 * comments repeat some markup for Outlook), hence twice the element bound.
 */
export function preScan(html: string): void {
  let tags = 0;
  for (let i = html.indexOf("<"); i !== -1; i = html.indexOf("<", i + 1)) {
    const c = html.charCodeAt(i + 1) | 0x20;
    if (c >= 0x61 && c <= 0x7a) {
      tags += 1;
      if (tags > EMAIL_BOUNDS.maxElements * 2) throw new EmailBoundsError("elements");
    }
  }
}

/** Depth, element count and attribute sizes of a parsed document, walked with an explicit stack (no recursion). */
export function checkTree(root: P5.ParentNode): void {
  let elements = 0;
  // Two parallel stacks (nodes, depths): no [node, depth] pair allocated per node of a 100 KB email.
  const stack: P5.ParentNode[] = [root];
  const depths: number[] = [0];
  while (stack.length) {
    const node = stack.pop()!;
    const depth = depths.pop()!;
    if ("tagName" in node) {
      elements += 1;
      if (elements > EMAIL_BOUNDS.maxElements) throw new EmailBoundsError("elements");
      if (depth > EMAIL_BOUNDS.maxDepth) throw new EmailBoundsError("depth");
      if (node.attrs.length > EMAIL_BOUNDS.maxAttributesPerElement) throw new EmailBoundsError("attribute");
      for (const a of node.attrs) {
        if (a.value.length > EMAIL_BOUNDS.maxAttributeChars && !inlinePictureWithinBound(node, a))
          throw new EmailBoundsError("attribute");
        checkEmbeddedPictures(a.value);
      }
      if (node.nodeName === "template") {
        stack.push((node as P5.Template).content);
        depths.push(depth + 1);
      }
    }
    for (const child of node.childNodes)
      if ("childNodes" in child) {
        stack.push(child);
        depths.push(depth + 1);
      } else if (child.nodeName === "#comment") checkEmbeddedPictures((child as P5.CommentNode).data);
      else if (child.nodeName === "#text" && node.nodeName === "style")
        checkEmbeddedPictures((child as P5.TextNode).value);
  }
}

/** A data: picture anywhere in a value (src, srcset, style url(), background, VML in a comment): base64 kept whole. */
const EMBEDDED_PICTURE = /data:image\/[a-z0-9.+-]+;base64,([a-z0-9+/=\s]+)/gi;

/**
 * Refuses a picture embedded as data whose header declares more than maxInlinePicturePixels. Only the header is read
 * (image-size); a value without "data:" costs one indexOf. A header image-size cannot read is left to the sanitiser's
 * allow-list (and to Chromium, which draws nothing for it).
 */
function checkEmbeddedPictures(value: string): void {
  if (value.length < 16 || !/data:/i.test(value)) return;
  for (const m of value.matchAll(EMBEDDED_PICTURE)) {
    const base64 = m[1]!.replace(/\s+/g, "");
    // Headers sit near the start (a JPEG's frame header after its EXIF, within the first 64 KB at most).
    // A copy in an ArrayBuffer of its own: a small Buffer is a view into Node's shared pool, and image-size reads
    // through the underlying buffer, so a few bytes of header were read with whatever followed them in the pool.
    const bytes = new Uint8Array(Buffer.from(base64.slice(0, 96 * 1024 - ((96 * 1024) % 4)), "base64"));
    let size: { width?: number; height?: number };
    try {
      size = imageSize(bytes);
    } catch {
      continue;
    }
    if ((size.width ?? 0) * (size.height ?? 0) > EMAIL_BOUNDS.maxInlinePicturePixels)
      throw new EmailBoundsError("picture");
  }
}

const INLINE_PICTURE = /^data:image\/(?:png|jpe?g|gif|webp);base64,/i;

/** An <img>'s src that is a picture inlined as base64 (see isInlinePicture), within maxInlinePictureChars. */
function inlinePictureWithinBound(el: P5.Element, a: P5.Element["attrs"][number]): boolean {
  return (
    el.tagName === "img" &&
    !a.namespace &&
    a.name === "src" &&
    a.value.length <= EMAIL_BOUNDS.maxInlinePictureChars &&
    isInlinePicture(a.value)
  );
}

/**
 * A data: URL of a PNG, JPEG, GIF or WebP picture in well-formed base64: only base64 letters (ASCII whitespace
 * between them is allowed, as browsers skip it), at most two "=" and only at the end, a multiple of four in all.
 * A loop, not a regex: the value may be hundreds of kilobytes and must be read in linear time.
 */
export function isInlinePicture(value: string): boolean {
  const head = INLINE_PICTURE.exec(value);
  if (!head) return false;
  let letters = 0;
  let padding = 0;
  for (let i = head[0].length; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d) continue;
    if (c === 0x3d) {
      padding += 1;
      if (padding > 2) return false;
    } else if (
      padding > 0 ||
      !((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2f)
    )
      return false;
    letters += 1;
  }
  return letters > 0 && letters % 4 === 0;
}

/** The answer for an email over a bound: 400 for nesting (malformed more than large), 413 for size. */
export function boundsAppError(kind: BoundKind): AppError {
  const code = {
    depth: "EMAIL_TOO_DEEP",
    elements: "EMAIL_TOO_MANY_ELEMENTS",
    attribute: "EMAIL_ATTRIBUTE_TOO_LARGE",
    picture: "EMAIL_PICTURE_TOO_LARGE",
  };
  return new AppError(code[kind], boundMessage(kind), kind === "depth" ? 400 : 413);
}
