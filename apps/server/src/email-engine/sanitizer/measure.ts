// The figures of decision 100: this sanitiser (parse5, allow-lists) against DOMPurify on jsdom, on the email corpus.
// Run: npx tsx apps/server/src/email-engine/sanitizer/measure.ts
import { createRequire } from "node:module";
import createDOMPurify from "dompurify";
import { type DefaultTreeAdapterTypes as P5, parse } from "parse5";
import { loadCorpus } from "../../../test/fixtures/email-corpus/load.js";
import { sanitizeEmailHtml } from "./sanitize-html.js";

// jsdom ships no types (a dev dependency for this comparison only).
const { JSDOM } = createRequire(import.meta.url)("jsdom") as { JSDOM: new (html: string) => { window: unknown } };
const { window } = new JSDOM("");
const purify = createDOMPurify(window as never);

/** DOMPurify as an email would need it: the whole document, head elements allowed. */
function dompurify(html: string, emailTuned: boolean): string {
  return purify.sanitize(html, {
    WHOLE_DOCUMENT: true,
    ...(emailTuned
      ? {
          ADD_TAGS: ["#comment", "meta", "link", "style", "title", "head", "center"],
          SAFE_FOR_XML: false,
          FORCE_BODY: false,
        }
      : {}),
  }) as unknown as string;
}

function shape(html: string) {
  const doc = parse(html, { scriptingEnabled: false });
  let elements = 0;
  let text = "";
  const stack: P5.Node[] = [doc];
  while (stack.length) {
    const n = stack.pop()!;
    if ("tagName" in n) elements += 1;
    if (n.nodeName === "#text") text += (n as P5.TextNode).value;
    if ("childNodes" in n) for (let i = n.childNodes.length - 1; i >= 0; i -= 1) stack.push(n.childNodes[i]!);
  }
  return { elements, text: text.replace(/\s+/g, " ").trim() };
}

const count = (s: string, re: RegExp) => s.match(re)?.length ?? 0;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const corpus = await loadCorpus();
const variants: [string, (h: string) => string][] = [
  ["parse5 allow-list", (h) => sanitizeEmailHtml(h)],
  ["DOMPurify+jsdom (defaults, whole document)", (h) => dompurify(h, false)],
  ["DOMPurify+jsdom (email-tuned)", (h) => dompurify(h, true)],
];
for (const [name, run] of variants) {
  for (const t of corpus) run(t.html); // warm-up
  const times: number[] = [];
  let condLost = 0;
  let doctypeChanged = 0;
  let styleLost = 0;
  let textChanged = 0;
  let elementsLost = 0;
  let total = 0;
  for (const t of corpus) {
    const start = performance.now();
    let out = "";
    for (let i = 0; i < 5; i += 1) out = run(t.html);
    const ms = (performance.now() - start) / 5;
    times.push(ms);
    total += ms;
    if (count(out, /<!--\[if/g) < count(t.html, /<!--\[if/g)) condLost += 1;
    const doctype = (s: string) => /^\s*(<!doctype[^>]*>)/i.exec(s)?.[1]?.replace(/\s+/g, " ").toLowerCase() ?? "";
    if (doctype(out) !== doctype(t.html)) doctypeChanged += 1;
    if (count(out, /<style/gi) < count(t.html, /<style/gi)) styleLost += 1;
    const a = shape(t.html);
    const b = shape(out);
    if (a.text !== b.text) textChanged += 1;
    elementsLost += Math.max(0, a.elements - b.elements);
  }
  console.log(
    `${name}: ${corpus.length} templates, median ${median(times).toFixed(2)} ms, total ${total.toFixed(0)} ms; ` +
      `conditional comments lost in ${condLost}, doctype changed in ${doctypeChanged}, <style> lost in ${styleLost}, ` +
      `text changed in ${textChanged}, elements lost ${elementsLost}`,
  );
}

// The whole engine, and the share of the two parse5 steps (the sanitiser on the input, the check on the output).
{
  const { processEmail } = await import("../process-email.js");
  const { verifyEmailHtml, noCounts } = await import("./sanitize-html.js");
  const { loadEmail, serializeEmail } = await import("../dom.js");
  const engine: number[] = [];
  const parse5Steps: number[] = [];
  let verifyChanged = 0;
  for (const t of corpus) processEmail({ html: t.html, source: "existing" });
  for (const t of corpus) {
    let start = performance.now();
    const r = processEmail({ html: t.html, source: "existing" });
    engine.push(performance.now() - start);
    start = performance.now();
    const clean = sanitizeEmailHtml(t.html);
    verifyEmailHtml(r.html);
    parse5Steps.push(performance.now() - start);
    const counts = noCounts();
    // Would the check at the end change the passes' output? (It should find nothing in real templates.)
    verifyEmailHtml(serializeEmail(loadEmail(clean)), counts);
    if (Object.values(counts).some((n) => n > 0)) verifyChanged += 1;
  }
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  console.log(
    `processEmail: median ${median(engine).toFixed(1)} ms, total ${sum(engine).toFixed(0)} ms; the two parse5 steps: ` +
      `median ${median(parse5Steps).toFixed(1)} ms, total ${sum(parse5Steps).toFixed(0)} ms ` +
      `(${((100 * sum(parse5Steps)) / sum(engine)).toFixed(0)} %); final check changed ${verifyChanged} of ${corpus.length}`,
  );
}
