/**
 * Generation-quality benchmark (issue 43 item 7; docs/decisions/123-honest-fidelity-and-generation-benchmark.md):
 * generates emails from licensed real designs and measures what outside judges measure.
 *
 * Designs: the email corpus (apps/server/test/fixtures/email-corpus, licences there) rendered at 600 px (or the width a
 * wider template needs, as its designer would export it) with every
 * picture replaced by a flat placeholder photo (one colour per address), plus phone screenshots (the same emails at
 * 375 px at 3 device pixels per CSS px, as a phone draws its screenshot). Generators:
 *   floor   the Gemini stand-in's canned answer (adapters/gemini/stand-in.ts), whatever the design: the score of an
 *           email that ignores the design
 *   reader  the local design reader (readDesign) + its email (emailFromLayout) + the email engine, no key
 *   model   the configured model, only with BENCH_GEMINI_KEY set (not run on this machine: no network)
 * Per design and generator: word recall (the design's visible words found as live text in the result; "visible":
 * the words a person sees in the design's picture, the renderer's visibleText, so no hidden preheader and nothing
 * below a screenshot's cut), visual similarity (8 × 8 px blocks whose mean colour matches, ±16 px vertical shift, at
 * 600 and 375 px), structure match (share of the design's sections the fidelity score finds no difference in), fits
 * 375 px (no sideways overflow), accessibility checks passed (the engine's a11y and content checks), SpamAssassin's
 * score and whether it is under spamd's threshold (send-ready by an outside checker; spamd at BENCH_SPAMD_URL, default
 * spamd://127.0.0.1:7830, as .ci/run starts it; "not scored" when it does not answer), the fidelity score, seconds per
 * design.
 *
 *   npm run bench:generation                 all designs (30 desktop + 8 phone)
 *   BENCH_DESIGNS=6 npm run bench:generation a quick look
 *   BENCH_JSON=path                          also writes every figure as JSON
 *   BENCH_DESIGN_IDS=id,id                   only these designs (ids as printed; "@phone" for the phone ones)
 *   BENCH_DUMP=dir                           writes each design and the reader's renders as PNG, to look at
 *   BENCH_PHOTOS=textured                    photo-like stand-in pictures instead of flat colours
 *   BENCH_PHONE=upscaled                     phone screenshots drawn at 1× and scaled up 3× (blocks of equal pixels),
 *                                            as before decision 166, instead of drawn at 3 device pixels per CSS px
 *   BENCH_BACKGROUNDS=picture-size           background pictures drawn at a picture's size (64 or 8 px), as before
 *                                            decision 153, not covering their box
 *   BENCH_SET=holdout                        the hold-out set instead (bench/generation-quality/holdout: 35 templates
 *                                            the reader was never tuned on, all at 600 px + a quarter as phone
 *                                            screenshots; decision 142)
 *   BENCH_SET=dev                            the development set (bench/generation-quality/dev: 32 templates from 3 more
 *                                            sources, which the reader MAY be tuned on; decision 146)
 *   BENCH_HOLDOUT_SEEN=1                     keep the hold-out templates marked seen (left out by default)
 *   BENCH_SET=/a/folder                      a set kept outside the repository, laid out as the dev set (a
 *                                            manifest.json and <owner>+<repo>/<path>): templates fetched for tuning,
 *                                            which stay out of commits
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pino from "pino";
import sharp from "sharp";
import { createRenderer, shownText } from "../../apps/server/src/adapters/renderer/renderer.js";
import { composeMessage } from "../../apps/server/src/adapters/spam/message.js";
import { createSpamd } from "../../apps/server/src/adapters/spam/spamd.js";
import type { StorageAdapter } from "../../apps/server/src/adapters/storage/storage.js";
import { emailFromLayout } from "../../apps/server/src/design-reader/email-from-layout.js";
import { closeSharedOcrEngine, readDesign } from "../../apps/server/src/design-reader/index.js";
import { analyseFidelity, visualSimilarity, wordRecall } from "../../apps/server/src/email-engine/fidelity/index.js";
import { processEmail } from "../../apps/server/src/email-engine/process-email.js";
import { loadEnv } from "../../apps/server/src/env.js";
import { cleanBoxes, materialiseImages } from "../../apps/server/src/features/generator/design-images.js";
import { loadCorpus } from "../../apps/server/test/fixtures/email-corpus/load.js";
import { standInPhoto } from "../../apps/server/test/fixtures/stand-in-photos.js";
import { loadHoldout, loadTemplateSet } from "./holdout/load.js";

const DEV_SET = fileURLToPath(new URL("./dev", import.meta.url));

/** The Gemini stand-in's canned email (its module moves from adapters/ to stand-ins/ with the STYLE layout). */
async function cannedEmail(): Promise<{ html: string; subject: string }> {
  type StandIn = {
    standInEmail: (o: { emailType: string; instructions: string; images: number }) => { html: string; subject: string };
  };
  const mod = (await import("../../apps/server/stand-ins/gemini.js" as string).catch(
    () => import("../../apps/server/src/adapters/gemini/stand-in.js" as string),
  )) as StandIn;
  return mod.standInEmail({ emailType: "Promotional Email Templates", instructions: "", images: 0 });
}

const BENCH_STORE = "https://bench.invalid";
const SET = process.env.BENCH_SET ?? "corpus";
/** A set of one's own, outside the repository: a folder laid out as the dev set. */
const LOCAL_SET = SET.startsWith("/") ? SET : undefined;
if (SET !== "corpus" && SET !== "holdout" && SET !== "dev" && !LOCAL_SET) {
  throw new Error(`BENCH_SET is corpus, holdout, dev or an absolute folder, not ${SET}`);
}
/** The hold-out and development sets are vendored templates as published (any picture address), all of them used. */
const VENDORED = SET !== "corpus";
/** The corpus: 30 of its templates; the hold-out set: all of them. */
const DESKTOP = Number(process.env.BENCH_DESIGNS ?? (VENDORED ? Number.POSITIVE_INFINITY : 30));
const renderer = createRenderer({
  env: loadEnv({ LOG_LEVEL: "silent", RENDERER: "on" }),
  log: pino({ level: "silent" }),
});

/**
 * Pictures as stand-in photos: flat colours, or photo-like ones with BENCH_PHOTOS=textured; an element's background
 * covers its box (decision 153).
 */
const photoFor = (url: string, use: "img" | "background") =>
  standInPhoto(
    url,
    process.env.BENCH_PHOTOS === "textured" ? "textured" : "flat",
    process.env.BENCH_BACKGROUNDS === "picture-size" ? "img" : use,
  );

/**
 * Which picture addresses get a stand-in: remote ones; in the hold-out set relative ones too (its Colorlib templates
 * name `images/…` beside the file, which the renderer cannot load, so those designs would show broken pictures).
 * The corpus keeps the renders the reader was tuned on (its React Email starters' `/static/…` logos stay broken).
 */
const PICTURE = VENDORED ? "(?!data:|cid:|#)" : "(?=https?:)";
const PICTURE_ADDRESSES = [
  String.raw`(<img\b[^>]*?\bsrc=)(["'])(${PICTURE}[^"']+)\2()`,
  String.raw`(\bbackground=)(["'])(${PICTURE}[^"']+)\2()`,
  String.raw`(url\()\s*(['"]?)(${PICTURE}[^'")\s]+)\2\s*(\))`,
].map((source) => new RegExp(source, "gi"));

/**
 * How a picture is used: an img; a background attribute (a hero's photo, made for its cell); or a CSS url(), a photo
 * for its box when its declaration says no-repeat, cover or contain, else a tile repeated across the box (a pattern:
 * a stripe, a paper grain), drawn at a picture's size.
 */
function useOf(kind: number, html: string, end: number): "img" | "background" {
  if (kind === 0) return "img";
  if (kind === 1) return "background";
  // (The rest of its style attribute or CSS rule: background-repeat and background-size may follow.)
  const rest = html.slice(end, end + 400).split(/["'}]/)[0] ?? "";
  return /no-repeat|cover|contain/i.test(rest) ? "background" : "img";
}

/** Pictures (img src, background attributes, CSS url()) as placeholder photos: the design renders offline. */
function withFlatPhotos(html: string): string {
  return PICTURE_ADDRESSES.reduce(
    (h, re, i) =>
      h.replace(re, (m, a, q, url, end, offset: number, whole: string) => {
        const use = useOf(i, whole, offset + m.length);
        return `${a}${q}${photoFor(url, use)}${q}${end}`;
      }),
    html,
  );
}

interface Design {
  id: string;
  kind: "desktop" | "phone";
  png: Buffer;
  /** CSS px the design was drawn at: 600, or wider for a template that needs more; 375 for a phone screenshot. */
  width: number;
  /**
   * The design's visible words, a perfect reading: the words a person sees in the picture (the renderer's
   * visibleText), so not a hidden preheader, nor the words below a phone screenshot's cut.
   */
  text: string;
}

interface Result {
  design: string;
  kind: Design["kind"];
  generator: string;
  wordRecall: number | null;
  visual600: number;
  visual375: number;
  structure: number;
  fits375: boolean;
  a11yPassed: number;
  /** SpamAssassin's score and whether it is under spamd's threshold (send-ready by an outside checker); null when
   * spamd did not answer. */
  spamScore: number | null;
  sendReady: boolean | null;
  score: number;
  /**
   * What the score was made from (score-fidelity.ts): the outside block match and the row-aligned SSIM inside its
   * layout part, its colour and text parts (0–100) and the recall its gate uses: to weigh the parts against the
   * outside measure offline.
   */
  scoreParts: { blocks: number; ssim: number; colour: number; text: number | null; recall: number | null };
  seconds: number;
  readerRecall?: number | null;
}

/**
 * The engine's email for some HTML, rendered at the design's width (600 px unless told) and at 375 px, with its
 * accessibility checks passed.
 */
async function finish(html: string, subject?: string, inline: (html: string) => string = (h) => h, width = 600) {
  const processed = processEmail({ html, subject, source: "generated", fixes: ["accessibility"] });
  // The engine sees hosted addresses, as in the product; the renderer gets the pictures inline (it has no network).
  const rendered = inline(processed.html);
  const [desktop, phone, spam] = await Promise.all([
    renderer.render({ html: rendered, width, visibleText: true }),
    renderer.render({ html: rendered, width: 375, visibleText: true }),
    spamScore(processed),
  ]);
  const a11y = processed.report.checks.filter((c) => /^(a11y\.|content\.)/.test(c.id));
  const passed = a11y.length ? a11y.filter((c) => c.status === "pass").length / a11y.length : 1;
  return { desktop, phone, a11yPassed: passed, spam };
}

/** An outside checker: SpamAssassin (spamd at BENCH_SPAMD_URL, as .ci/run starts it), when it answers. */
const spamd = createSpamd(process.env.BENCH_SPAMD_URL ?? "spamd://127.0.0.1:7830");

/** SpamAssassin's verdict on the email as the product would send it (its hosted addresses, its text part); null when
 * spamd does not answer. */
async function spamScore(processed: { html: string; text: string; subject: string }) {
  if (!spamd) return null;
  const message = await composeMessage({
    from: { name: "Mailsmith benchmark", address: "news@example.com" },
    subject: processed.subject || "Newsletter",
    html: processed.html,
    text: processed.text,
  });
  return spamd.score(message).catch(() => null);
}

/** The reader's email: pictures cropped from the design at their boxes (inline, as the generator stores them). */
async function readerEmail(design: Buffer) {
  const layout = await readDesign(design);
  const email = emailFromLayout([layout]);
  // The product's own crop-and-host step (jobs/stages/pictures.ts), with a storage that keeps the crops in memory; the
  // stored addresses become data: URIs after the email engine, for the renderer only (the engine bounds an attribute
  // at 64 KB, and a picture set as a cell's background is one). (A plain text replace of "image:pic-1" once also hit
  // "image:pic-10".)
  const stored = new Map<string, Buffer>();
  const storage: StorageAdapter = {
    kind: "local",
    put: async ({ key, body }) => {
      stored.set(`${BENCH_STORE}/${key}`, body);
      return { key, url: `${BENCH_STORE}/${key}` };
    },
    delete: async () => {},
  };
  const placed = await materialiseImages({
    html: email.html,
    boxes: cleanBoxes(email.images, 1),
    designs: [design],
    storage,
    publicUrl: BENCH_STORE,
  });
  const inline = (html: string) => {
    let out = html;
    for (const [url, body] of stored) {
      const type = url.endsWith(".png") ? "image/png" : "image/jpeg";
      out = out.split(url).join(`data:${type};base64,${body.toString("base64")}`);
    }
    return out;
  };
  return { html: placed.html, subject: email.subject, layout, inline };
}

async function measure(
  d: Design,
  generator: string,
  make: () => Promise<{ html: string; subject?: string; inline?: (html: string) => string }>,
) {
  const started = performance.now();
  const made = await make();
  // The desktop render at the design's own width (600 px, or what a wider template needed).
  const desktopWidth = d.kind === "desktop" ? d.width : 600;
  const { desktop, phone, a11yPassed, spam } = await finish(made.html, made.subject, made.inline, desktopWidth);
  if (process.env.BENCH_DUMP) {
    const dir = process.env.BENCH_DUMP;
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${d.id}.design.png`), d.png);
    writeFileSync(join(dir, `${d.id}.${generator}-600.png`), desktop.png);
    writeFileSync(join(dir, `${d.id}.${generator}-375.png`), phone.png);
    writeFileSync(join(dir, `${d.id}.${generator}.html`), made.html);
    // The words on both sides, so the score can be worked out again from the dump alone.
    const texts = {
      kind: d.kind,
      designText: d.text,
      text600: desktop.text,
      visibleText600: desktop.visibleText,
      text375: phone.text,
      visibleText375: phone.visibleText,
    };
    writeFileSync(join(dir, `${d.id}.${generator}.json`), JSON.stringify(texts));
  }
  const seconds = (performance.now() - started) / 1000;
  const rendered = d.kind === "phone" ? phone : desktop;
  const [v600, v375, cmp] = await Promise.all([
    visualSimilarity(d.png, desktop.png, desktopWidth),
    visualSimilarity(d.png, phone.png, 375),
    // The email's words as the product scores them: those a person sees (decision 145).
    analyseFidelity({ design: d.png, rendered: rendered.png, designText: d.text, renderedText: shownText(rendered) }),
  ]);
  // Every design section (not only the reported ones): the share the score finds no difference in.
  const sections = cmp.sections.filter((s) => s.index !== null);
  const result: Result = {
    design: d.id,
    kind: d.kind,
    generator,
    wordRecall: wordRecall(d.text, shownText(desktop), 1),
    visual600: v600.all,
    visual375: v375.all,
    structure: sections.length ? sections.filter((s) => s.differences.length === 0).length / sections.length : 1,
    fits375: phone.overflowPx <= 0,
    a11yPassed,
    spamScore: spam ? spam.score : null,
    sendReady: spam ? !spam.isSpam : null,
    score: cmp.score,
    scoreParts: {
      blocks: cmp.blocks,
      ssim: cmp.structure.mssim * (1 - cmp.extraShare),
      colour: cmp.parts.colour,
      text: cmp.parts.text,
      recall: cmp.wordRecall,
    },
    seconds,
  };
  return { result, made };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : Number.NaN;
};
/** Ranks 1…n, ties sharing their mean rank. */
function ranks(xs: number[]): number[] {
  const order = xs.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(xs.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
    for (let k = i; k <= j; k++) out[order[k]![1]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return out;
}

/** Spearman's rank correlation: Pearson's over the ranks (NaN under 3 pairs or when one side is constant). */
function spearman(xs: number[], ys: number[]): number {
  if (xs.length < 3) return Number.NaN;
  const [a, b] = [ranks(xs), ranks(ys)];
  const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const [ma, mb] = [mean(a), mean(b)];
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < a.length; i++) {
    num += (a[i]! - ma) * (b[i]! - mb);
    da += (a[i]! - ma) ** 2;
    db += (b[i]! - mb) ** 2;
  }
  return da && db ? num / Math.sqrt(da * db) : Number.NaN;
}

/**
 * Pairs a person can tell apart (visual similarity more than NEAR apart, as the ranking test's) that the score orders
 * the same way; a tie in the score counts half. Spearman over the reader's results, which mostly lie within a point of
 * each other, also weighs orders no one could see.
 */
const NEAR = 0.01;
function pairsOrderedAlike(rs: Result[]): { alike: number; pairs: number } {
  let alike = 0;
  let pairs = 0;
  for (const [i, a] of rs.entries())
    for (const b of rs.slice(i + 1)) {
      const seen = a.visual600 - b.visual600;
      if (Math.abs(seen) <= NEAR) continue;
      pairs++;
      const scored = a.score - b.score;
      alike += scored === 0 ? 0.5 : Math.sign(scored) === Math.sign(seen) ? 1 : 0;
    }
  return { alike, pairs };
}

const fmt = (v: number | null | boolean, pct = true) =>
  typeof v === "boolean" ? (v ? "yes" : "no") : v === null ? "—" : pct ? `${Math.round(v * 100)}%` : v.toFixed(1);

async function main() {
  const corpus =
    SET === "holdout"
      ? loadHoldout()
      : SET === "dev"
        ? loadTemplateSet(DEV_SET)
        : LOCAL_SET
          ? loadTemplateSet(LOCAL_SET)
          : (await loadCorpus()).filter((t) => !t.id.endsWith("-inlined"));
  const step = Math.max(1, corpus.length / DESKTOP);
  const picked = Array.from({ length: Math.min(DESKTOP, corpus.length) }, (_, i) => corpus[Math.floor(i * step)]!);
  // A quarter as phone screenshots (the corpus: at most 8, as its published figures were measured).
  const PHONE = VENDORED ? Math.ceil(picked.length / 4) : Math.min(8, Math.ceil(DESKTOP / 4));
  const designs: Design[] = [];
  for (const t of picked) {
    const html = withFlatPhotos(t.html);
    let r = await renderer.render({ html, width: 600, visibleText: true });
    // A mock-up as its authors published it: that picture is the design; the render only says which words it shows.
    const picture = "picture" in t ? t.picture : undefined;
    if (picture) {
      const width = (await sharp(picture).metadata()).width ?? 600;
      designs.push({ id: t.id, kind: "desktop", png: picture, width, text: r.visibleText ?? "" });
      continue;
    }
    // A template wider than 600 px (a 600 px box with margins around it) is shot at the width it needs, as its
    // designer would export it, not cut at the right edge.
    if (r.overflowPx > 0) {
      r = await renderer.render({ html, width: Math.min(1000, 600 + r.overflowPx), visibleText: true });
      console.log(`${t.id}: wider than 600 px, drawn at ${r.widthPx} px`);
    }
    designs.push({ id: t.id, kind: "desktop", png: r.png, width: r.widthPx, text: r.visibleText ?? "" });
  }
  for (const t of picked.filter((_, i) => i % Math.max(1, Math.floor(picked.length / PHONE)) === 0).slice(0, PHONE)) {
    // A phone screenshot: 375 CSS px at 3 device pixels each, drawn at that resolution as a phone draws it (decision
    // 166; BENCH_PHONE=upscaled: a 1× picture scaled up 3×, blocks of 3 × 3 equal pixels, as before).
    const upscaled = process.env.BENCH_PHONE === "upscaled";
    const r = await renderer.render({
      html: withFlatPhotos(t.html),
      width: 375,
      maxHeightPx: 2400,
      visibleText: true,
      deviceScaleFactor: upscaled ? 1 : 3,
    });
    const png = upscaled
      ? await sharp(r.png)
          .resize({ width: r.widthPx * 3, kernel: "nearest" })
          .png()
          .toBuffer()
      : r.png;
    // Its words are those inside the cut (r.visibleText), not the whole email's.
    designs.push({ id: `${t.id}@phone`, kind: "phone", png, width: 375, text: r.visibleText ?? "" });
  }

  const only = process.env.BENCH_DESIGN_IDS?.split(",").filter(Boolean);
  const results: Result[] = [];
  for (const d of designs.filter((x) => !only || only.includes(x.id))) {
    const floor = await measure(d, "floor", cannedEmail);
    results.push(floor.result);
    const reader = await measure(d, "reader", () => readerEmail(d.png)).catch((err: Error) => {
      console.error(`${d.id}: the reader failed: ${err.message}`);
      return null;
    });
    if (reader) {
      const layout = (reader.made as Awaited<ReturnType<typeof readerEmail>>).layout;
      reader.result.readerRecall = wordRecall(d.text, layout.text, 1);
      results.push(reader.result);
    }
    const last = results.at(-1)!;
    console.log(
      `${d.id.padEnd(40)} ${last.generator.padEnd(6)} recall ${fmt(last.wordRecall)} visual ${fmt(last.visual600)}/${fmt(last.visual375)} structure ${fmt(last.structure)} fits ${fmt(last.fits375)} a11y ${fmt(last.a11yPassed)} score ${last.score} ${last.seconds.toFixed(1)} s`,
    );
  }
  if (process.env.BENCH_GEMINI_KEY) console.log("model: a key is set, but this runner does not call a model yet");

  console.log(
    `\n${designs.length} designs (${designs.filter((d) => d.kind === "desktop").length} desktop at 600 px or the width they need, ${designs.filter((d) => d.kind === "phone").length} phone screenshots at 375 px × 3)`,
  );
  console.log("generator  measure            median   worst");
  for (const g of ["floor", "reader"]) {
    const rs = results.filter((r) => r.generator === g);
    if (!rs.length) continue;
    const rows: [string, number[], "min" | "max"][] = [
      ["word recall", rs.map((r) => r.wordRecall ?? 1), "min"],
      ["visual 600", rs.map((r) => r.visual600), "min"],
      ["visual 375", rs.map((r) => r.visual375), "min"],
      ["structure", rs.map((r) => r.structure), "min"],
      ["fits 375", rs.map((r) => (r.fits375 ? 1 : 0)), "min"],
      ["a11y passed", rs.map((r) => r.a11yPassed), "min"],
      ["spam score", rs.filter((r) => r.spamScore !== null).map((r) => r.spamScore!), "max"],
      ["score", rs.map((r) => r.score / 100), "min"],
      ["seconds", rs.map((r) => r.seconds), "max"],
    ];
    if (g === "reader") rows.splice(1, 0, ["reader recall", rs.map((r) => r.readerRecall ?? 1), "min"]);
    for (const [name, xs, worst] of rows) {
      const w = worst === "min" ? Math.min(...xs) : Math.max(...xs);
      const isSec = name === "seconds" || name === "spam score";
      console.log(
        `${g.padEnd(10)} ${name.padEnd(18)} ${fmt(median(xs), !isSec).padStart(6)}  ${fmt(w, !isSec).padStart(6)}`,
      );
    }
  }
  // Does the product's score order results as the outside visual measure does (issue 43 item 4; decision 145)?
  const desktop = results.filter((r) => r.kind === "desktop");
  const rho = (rs: Result[]) =>
    spearman(
      rs.map((r) => r.score),
      rs.map((r) => r.visual600),
    ).toFixed(2);
  const readers = desktop.filter((r) => r.generator === "reader");
  console.log(
    `\nscore vs visual 600, Spearman over desktop results: all ${rho(desktop)} (n ${desktop.length}), reader ${rho(readers)} (n ${readers.length})`,
  );
  const alike = (rs: Result[]) => {
    const { alike, pairs } = pairsOrderedAlike(rs);
    return `${pairs ? Math.round((alike / pairs) * 100) : 0}% of ${pairs}`;
  };
  console.log(
    `pairs more than ${NEAR * 100} point apart in visual 600 that the score orders alike: all ${alike(desktop)}, reader ${alike(readers)}`,
  );
  const over = (rs: Result[]) => `${rs.filter((r) => r.score >= 80).length} of ${rs.length}`;
  const phones = results.filter((r) => r.kind === "phone" && r.generator === "reader");
  console.log(`reader results scoring 80 or more: desktop ${over(readers)}, phone ${over(phones)}`);
  const ready = (rs: Result[]) => {
    const scored = rs.filter((r) => r.sendReady !== null);
    return scored.length
      ? `${scored.filter((r) => r.sendReady).length} of ${scored.length}${scored.length < rs.length ? ` (${rs.length - scored.length} unscored)` : ""}`
      : "not scored (spamd did not answer)";
  };
  console.log(
    `reader results under SpamAssassin's threshold (send-ready by an outside checker): desktop ${ready(readers)}, phone ${ready(phones)}`,
  );
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 1));
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(async () => {
    await closeSharedOcrEngine();
    await renderer.close();
  });
