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

/** The same languages in any order are the same worker set-up. */
const key = (languages: OcrLanguage[]) => [...languages].join("+");

function abortError(): Error {
  const err = new Error("The reading was cancelled.");
  err.name = "AbortError";
  return err;
}

/**
 * tesseract.js 7 (Apache-2.0; Tesseract 5 compiled to WebAssembly) with one worker, kept between pictures and
 * re-initialised only when the languages change. Page segmentation "sparse text": a design's words stand in blocks
 * and bands rather than one page of prose, and sparse mode finds short labels that the paragraph mode drops.
 */
export function createTesseractEngine(): OcrEngine {
  let worker: Promise<Worker> | undefined;
  let loaded = "";
  let folder: string | undefined;
  // One picture at a time through the one worker.
  let queue: Promise<unknown> = Promise.resolve();

  async function workerFor(languages: OcrLanguage[]): Promise<Worker> {
    const wanted = key(languages);
    if (worker && loaded === wanted) return worker;
    if (worker) {
      const old = worker;
      worker = undefined;
      await (await old).terminate().catch(() => {});
    }
    if (folder) rmSync(folder, { recursive: true, force: true });
    folder = modelFolder(languages);
    const langPath = folder;
    loaded = wanted;
    worker = (async () => {
      const w = await createWorker(languages, OEM.LSTM_ONLY, {
        langPath,
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
    worker.catch(() => {
      worker = undefined;
      loaded = "";
    });
    return worker;
  }

  async function recognise(png: Buffer, opts: OcrOptions = {}): Promise<OcrWord[]> {
    if (opts.signal?.aborted) throw abortError();
    const w = await workerFor(opts.languages?.length ? opts.languages : ["eng"]);
    if (opts.signal?.aborted) throw abortError();
    const { data } = await w.recognize(png, {}, { blocks: true, text: false });
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
      const w = worker;
      worker = undefined;
      loaded = "";
      if (w) await (await w.catch(() => undefined))?.terminate().catch(() => {});
      if (folder) rmSync(folder, { recursive: true, force: true });
      folder = undefined;
    },
  };
}
