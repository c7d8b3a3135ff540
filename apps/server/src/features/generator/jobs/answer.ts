/**
 * Reading the model's answer: JSON {subject, preheader, html}.
 * `HtmlFieldDecoder` decodes the "html" string value while it streams in, so the preview can fill as the
 * model writes; `parseAnswer` reads the finished text as the spec describes (first { to last }, parse, read html).
 */
export class HtmlFieldDecoder {
  private buffer = "";
  private state: "seek" | "value" | "done" = "seek";
  private pos = 0;

  /** Feeds raw model text; returns the newly decoded part of the html value. */
  push(chunk: string): string {
    this.buffer += chunk;
    if (this.state === "seek") {
      const m = /"html"\s*:\s*"/.exec(this.buffer);
      if (!m) return "";
      this.state = "value";
      this.pos = m.index + m[0].length;
    }
    if (this.state !== "value") return "";
    let out = "";
    const b = this.buffer;
    let i = this.pos;
    while (i < b.length) {
      const c = b[i]!;
      if (c === '"') {
        this.state = "done";
        i += 1;
        break;
      }
      if (c !== "\\") {
        out += c;
        i += 1;
        continue;
      }
      // An escape: wait for all of it.
      if (i + 1 >= b.length) break;
      const e = b[i + 1]!;
      if (e === "u") {
        if (i + 6 > b.length) break;
        const code = Number.parseInt(b.slice(i + 2, i + 6), 16);
        out += Number.isNaN(code) ? "" : String.fromCharCode(code);
        i += 6;
        continue;
      }
      out += { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f", '"': '"', "\\": "\\", "/": "/" }[e] ?? e;
      i += 2;
    }
    this.pos = i;
    return out;
  }
}

export interface ParsedAnswer {
  html: string;
  subject?: string;
  preheader?: string;
  /** Structured output: the model's image boxes, unvalidated (see design-images.ts cleanBoxes). */
  images?: unknown;
  /** The text the model read from the design (for the fidelity score). */
  designText?: string;
}

/** Returns null when the text holds no usable email. */
export function parseAnswer(text: string): ParsedAnswer | null {
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start >= 0 && end > start) {
    try {
      const obj = JSON.parse(text.slice(start, end + 1)) as Record<string, unknown>;
      if (typeof obj.html === "string" && /<[a-z!]/i.test(obj.html)) {
        return {
          html: obj.html,
          subject: typeof obj.subject === "string" ? obj.subject : undefined,
          preheader: typeof obj.preheader === "string" ? obj.preheader : undefined,
          images: obj.images,
          designText: typeof obj.designText === "string" ? obj.designText : undefined,
        };
      }
    } catch {
      // fall through
    }
  }
  // A model that ignored the JSON instruction but wrote a whole document is still usable.
  const doc = text.match(/<!DOCTYPE html[\s\S]*<\/html>|<html[\s\S]*<\/html>/i);
  return doc ? { html: doc[0] } : null;
}
