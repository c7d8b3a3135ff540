import type { DesignReaderLanguage, TDesignLayout } from "@mailsmith/shared";
import { readDesign } from "./read-design.js";

/**
 * The design reader's worker thread (piscina; reader.ts): one reading at a time with the thread's one OCR engine,
 * kept warm between readings (its models load once). Piscina ends the thread when a reading runs past its limit,
 * and the OCR engine's own thread ends with it.
 */
export interface DesignReaderTask {
  image: Uint8Array;
  languages?: DesignReaderLanguage[];
}

export default async function read(task: DesignReaderTask): Promise<TDesignLayout> {
  return readDesign(Buffer.from(task.image.buffer, task.image.byteOffset, task.image.byteLength), {
    languages: task.languages,
  });
}
