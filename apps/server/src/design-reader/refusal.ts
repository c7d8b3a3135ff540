import { DESIGN_READER_MESSAGES, type DesignReaderRefusal } from "@mailsmith/shared";
import { AppError } from "../lib/app-error.js";
import { DesignImageError, type LoadRefusal } from "./load-image.js";

/**
 * Why a picture cannot be read, as the member's message and an error code (DESIGN_BLANK, DESIGN_TOO_LARGE …): one
 * mapping for the fast check and for a reading refused in the worker.
 */

export const REFUSAL_OF_LOAD: Record<LoadRefusal, DesignReaderRefusal> = {
  corrupt: "corrupt",
  format: "format",
  animated: "animated",
  "too-large": "tooLarge",
  tiny: "tiny",
};

export const refusalCode = (refusal: DesignReaderRefusal) =>
  `DESIGN_${refusal.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

export function refusalError(refusal: DesignReaderRefusal): AppError {
  return new AppError(refusalCode(refusal), DESIGN_READER_MESSAGES[refusal], refusal === "tooLarge" ? 413 : 400);
}

/**
 * The refusal carried by an error: a DesignImageError, or the AppError readDesign throws — also after it crossed from
 * the worker thread, where only its message survives the structured clone.
 */
export function loadRefusalOf(err: unknown): DesignReaderRefusal | null {
  if (err instanceof DesignImageError) return REFUSAL_OF_LOAD[err.reason];
  const message = err instanceof Error ? err.message : "";
  const found = (Object.keys(DESIGN_READER_MESSAGES) as (keyof typeof DESIGN_READER_MESSAGES)[]).find(
    (k) => DESIGN_READER_MESSAGES[k] === message,
  );
  return found && found !== "busy" && found !== "tooSlow" ? found : null;
}
