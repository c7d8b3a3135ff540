import { EMAIL_ENGINE_MESSAGES } from "@mailsmith/shared";
import type { DefaultTreeAdapterTypes as P5 } from "parse5";
import { AppError } from "../../lib/app-error.js";

/**
 * Bounds on the work one email may cost (issue 35 item 3), checked before any recursive walk: the engine's later
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
  maxAttributesPerElement: 256,
} as const;

export type BoundKind = "depth" | "elements" | "attribute";

const BOUND_KINDS: readonly BoundKind[] = ["depth", "elements", "attribute"];

/** The message members read for each bound (EMAIL_ENGINE_MESSAGES, with the limits filled in). */
function boundMessage(kind: BoundKind): string {
  if (kind === "depth") return EMAIL_ENGINE_MESSAGES.tooDeep(EMAIL_BOUNDS.maxDepth);
  if (kind === "elements") return EMAIL_ENGINE_MESSAGES.tooManyElements(EMAIL_BOUNDS.maxElements);
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
  const stack: [P5.ParentNode, number][] = [[root, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if ("tagName" in node) {
      elements += 1;
      if (elements > EMAIL_BOUNDS.maxElements) throw new EmailBoundsError("elements");
      if (depth > EMAIL_BOUNDS.maxDepth) throw new EmailBoundsError("depth");
      if (node.attrs.length > EMAIL_BOUNDS.maxAttributesPerElement) throw new EmailBoundsError("attribute");
      for (const a of node.attrs)
        if (a.value.length > EMAIL_BOUNDS.maxAttributeChars) throw new EmailBoundsError("attribute");
      if (node.nodeName === "template") stack.push([(node as P5.Template).content, depth + 1]);
    }
    for (const child of node.childNodes) if ("childNodes" in child) stack.push([child, depth + 1]);
  }
}

/** The answer for an email over a bound: 400 for nesting (malformed more than large), 413 for size. */
export function boundsAppError(kind: BoundKind): AppError {
  const code = { depth: "EMAIL_TOO_DEEP", elements: "EMAIL_TOO_MANY_ELEMENTS", attribute: "EMAIL_ATTRIBUTE_TOO_LARGE" };
  return new AppError(code[kind], boundMessage(kind), kind === "depth" ? 400 : 413);
}
