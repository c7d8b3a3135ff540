import type { DesignReaderLanguage } from "@mailsmith/shared";
import { franc } from "franc-min";

/**
 * The design's language from its words (franc, trigram statistics), among the reader's four only and only from
 * enough text: a few words of a button or a name say nothing (null: the member's setting decides).
 */

/** Fewer letters than this are not enough to tell English from French. */
export const MIN_LANGUAGE_LETTERS = 80;

const FROM_ISO3: Record<string, DesignReaderLanguage> = { eng: "en", fra: "fr", deu: "de", spa: "es" };

export function detectLanguage(text: string): DesignReaderLanguage | null {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (letters < MIN_LANGUAGE_LETTERS) return null;
  const found = franc(text, { only: Object.keys(FROM_ISO3), minLength: MIN_LANGUAGE_LETTERS });
  return FROM_ISO3[found] ?? null;
}
