import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { createWorker, OEM, PSM, type Worker } from "tesseract.js";
import type { OcrEngine, OcrLanguage, OcrOptions, OcrWord } from "./ocr-engine.js";

const require = createRequire(import.meta.url);

/**
 * The LSTM models ("best_int": integer-quantised, 0.7–3 MB each gzipped) of the @tesseract.js-data packages. Each
 * package keeps its model in its own folder while tesseract.js reads every language from one `langPath`, so the
 * engine links the models it needs into a private temporary folder. Nothing is fetched: a missing model fails here.
 */
function modelFolder(languages: OcrLanguage[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), "mailsmith-ocr-"));
  for (const lang of languages) {
    const pkg = path.dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`));
    const file = `${lang}.traineddata.gz`;
    symlinkSync(path.join(pkg, "4.0.0_best_int", file), path.join(dir, file));
  }
  return dir;
}

/** A worker per language order. */
const key = (languages: OcrLanguage[]) => [...languages].join("+");

function abortError(): Error {
  const err = new Error("The reading was cancelled.");
  err.name = "AbortError";
  return err;
}

/** Workers kept at once: one per language order in use (English first, and the design's own language first). */
const MAX_WORKERS = 2;

/**
 * tesseract.js 7 (Apache-2.0; Tesseract 5 compiled to WebAssembly). A worker per language order (Tesseract reads
 * with its first language first: "colección" comes out as "colecciôn" when English leads), at most two, kept between
 * pictures. Page segmentation "sparse text": a design's words stand in blocks and bands rather than one page of
 * prose, and sparse mode finds short labels that the paragraph mode drops.
 */
export function createTesseractEngine(): OcrEngine {
  const workers = new Map<string, { worker: Promise<Worker>; folder: string }>();
  // One picture at a time.
  let queue: Promise<unknown> = Promise.resolve();

  const end = async (entry: { worker: Promise<Worker>; folder: string }) => {
    await (await entry.worker.catch(() => undefined))?.terminate().catch(() => {});
    rmSync(entry.folder, { recursive: true, force: true });
  };

  async function workerFor(languages: OcrLanguage[]): Promise<Worker> {
    const wanted = key(languages);
    const found = workers.get(wanted);
    if (found) {
      // Most recently used last.
      workers.delete(wanted);
      workers.set(wanted, found);
      return found.worker;
    }
    while (workers.size >= MAX_WORKERS) {
      const [oldest, entry] = workers.entries().next().value as [string, { worker: Promise<Worker>; folder: string }];
      workers.delete(oldest);
      await end(entry);
    }
    const folder = modelFolder(languages);
    const worker = (async () => {
      const w = await createWorker(languages, OEM.LSTM_ONLY, {
        langPath: folder,
        gzip: true,
        cacheMethod: "none",
        logger: () => {},
        errorHandler: () => {},
      });
      await w.setParameters({
        tessedit_pageseg_mode: PSM.SPARSE_TEXT,
        preserve_interword_spaces: "0",
        user_defined_dpi: "300",
      });
      return w;
    })();
    const entry = { worker, folder };
    workers.set(wanted, entry);
    worker.catch(() => {
      if (workers.get(wanted) === entry) workers.delete(wanted);
      rmSync(folder, { recursive: true, force: true });
    });
    return worker;
  }

  async function recognise(png: Buffer, opts: OcrOptions = {}): Promise<OcrWord[]> {
    if (opts.signal?.aborted) throw abortError();
    const w = await workerFor(opts.languages?.length ? opts.languages : ["eng"]);
    if (opts.signal?.aborted) throw abortError();
    const mode = opts.mode === "block" ? PSM.SINGLE_BLOCK : opts.mode === "line" ? PSM.SINGLE_LINE : undefined;
    if (mode) await w.setParameters({ tessedit_pageseg_mode: mode });
    const { data } = await w
      .recognize(png, {}, { blocks: true, text: false })
      .finally(() => (mode ? w.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT }) : undefined));
    const words: OcrWord[] = [];
    for (const block of data.blocks ?? []) {
      for (const paragraph of block.paragraphs) {
        for (const line of paragraph.lines) {
          for (const word of line.words) {
            const text = word.text.trim();
            if (!text) continue;
            const { x0, y0, x1, y1 } = word.bbox;
            words.push({ text, box: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }, confidence: word.confidence });
          }
        }
      }
    }
    return words;
  }

  return {
    recognise(png, opts) {
      const run = queue.then(() => recognise(png, opts));
      queue = run.catch(() => {});
      return run;
    },
    async close() {
      const entries = [...workers.values()];
      workers.clear();
      await Promise.all(entries.map(end));
    },
  };
}
