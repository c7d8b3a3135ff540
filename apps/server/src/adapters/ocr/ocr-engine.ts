/**
 * Optical character recognition behind one small interface (decision 120): the design reader asks for the
 * words on a picture and gets each word's box and confidence. The implementation reads from models installed with
 * npm and never downloads anything.
 */

/** Tesseract's language codes for the reader's languages. */
export type OcrLanguage = "eng" | "fra" | "deu" | "spa";

export interface OcrWord {
  text: string;
  /** In the recognised picture's pixels. */
  box: { x: number; y: number; width: number; height: number };
  /** 0–100. */
  confidence: number;
}

export interface OcrOptions {
  /** Languages to read, the first one first; default English. */
  languages?: OcrLanguage[];
  signal?: AbortSignal;
  /**
   * "page" (default): words anywhere on the picture. "block": the picture is one block of lines (pieces the page
   * mode left out as noise — a table's quantity, a lone "#" — stacked on one sheet). "line": the picture is one line
   * (a short word that the block mode, alone on its sheet, read as nothing).
   */
  mode?: "page" | "block" | "line";
}

export interface OcrEngine {
  /** The words on a PNG picture, in the engine's reading order. */
  recognise(png: Buffer, opts?: OcrOptions): Promise<OcrWord[]>;
  close(): Promise<void>;
}
