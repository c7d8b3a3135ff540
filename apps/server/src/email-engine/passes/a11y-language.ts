import { francAll } from "franc-min";

/**
 * The language of an email's visible text (decision 108; the evidence rule of decision 127): franc-min
 * (trigram statistics over the 82 languages with 8 million speakers or more, and script detection) gives an ISO 639-3
 * code, written as the shortest BCP 47 tag (the ISO 639-1 code where there is one). Hebrew is not among franc-min's
 * languages: its script alone decides.
 *
 * Trigrams need text: on a short email franc-min names a near neighbour as often as the right language (a 51-letter
 * English notice scored Hmong Njua 0.93 behind English; lorem ipsum scores French 1, Portuguese 0.97, English 0.96).
 * So the text decides only when it clearly does: MIN_LETTERS letters at least, and no other language within
 * CLOSE_SCORE of the winner. Otherwise, and when the member's own language is itself that close to the winner, the
 * member's language is kept (the caller's `preferred`, else undefined).
 */
const MIN_LETTERS = 60;
/** A text in a script of its own (Hebrew, Arabic, Cyrillic, CJK …) is told by its script from fewer letters. */
const MIN_LETTERS_OWN_SCRIPT = 20;
const LATIN = /\p{Script=Latin}/gu;
/** franc's scores are relative (the winner is 1): a runner-up at or above this is no clear answer. */
const CLOSE_SCORE = 0.95;
/** The member's language wins whenever it scores at least this (it is a plausible reading of the text). */
const PREFERRED_SCORE = 0.9;

const ISO_639_1: Record<string, string> = {
  spa: "es",
  eng: "en",
  por: "pt",
  ind: "id",
  fra: "fr",
  deu: "de",
  jav: "jv",
  vie: "vi",
  ita: "it",
  tur: "tr",
  pol: "pl",
  swh: "sw",
  sun: "su",
  ron: "ro",
  hau: "ha",
  fuv: "ff",
  bos: "bs",
  hrv: "hr",
  nld: "nl",
  srp: "sr",
  yor: "yo",
  uzn: "uz",
  zlm: "ms",
  ibo: "ig",
  tgl: "tl",
  hun: "hu",
  azj: "az",
  ces: "cs",
  run: "rn",
  plt: "mg",
  qug: "qu",
  nya: "ny",
  zyb: "za",
  kin: "rw",
  zul: "zu",
  swe: "sv",
  lin: "ln",
  som: "so",
  rus: "ru",
  ukr: "uk",
  bel: "be",
  bul: "bg",
  kaz: "kk",
  arb: "ar",
  urd: "ur",
  pes: "fa",
  pbu: "ps",
  hin: "hi",
  mar: "mr",
  npi: "ne",
  cmn: "zh",
  ben: "bn",
  jpn: "ja",
  kor: "ko",
  tel: "te",
  tam: "ta",
  guj: "gu",
  kan: "kn",
  mal: "ml",
  mya: "my",
  pan: "pa",
  amh: "am",
  tha: "th",
  sin: "si",
  ell: "el",
  heb: "he",
};

/** Languages written right to left (the primary subtag). */
const RTL = new Set(["ar", "he", "fa", "ur", "ps", "ckb", "yi", "dv", "sd", "ug"]);

const HEBREW = /[\u0590-\u05ff\ufb1d-\ufb4f]/g;

const tagOf = (code: string) => ISO_639_1[code] ?? code;

/**
 * The language the text clearly is in, or undefined when it does not say (too short, or a near tie, or the member's
 * `preferred` language among the close candidates: then the caller keeps the member's language).
 */
export function detectLanguage(text: string, preferred?: string): string | undefined {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (letters < MIN_LETTERS_OWN_SCRIPT) return undefined;
  if ((text.match(HEBREW)?.length ?? 0) / letters > 0.5) return "he";
  const latin = (text.match(LATIN)?.length ?? 0) / letters > 0.5;
  if (latin && letters < MIN_LETTERS) return undefined;
  const scores = francAll(text.slice(0, 4000), { minLength: MIN_LETTERS_OWN_SCRIPT });
  const [best, second] = scores;
  if (!best || best[0] === "und") return undefined;
  const wanted = preferred?.toLowerCase().split("-")[0];
  if (wanted && scores.some(([code, score]) => tagOf(code) === wanted && score >= PREFERRED_SCORE)) return undefined;
  if (second && second[1] >= CLOSE_SCORE) return undefined;
  return tagOf(best[0]);
}

export const isRtlLanguage = (lang: string) => RTL.has(lang.toLowerCase().split("-")[0] ?? "");

/** A well-formed BCP 47 language tag (language, then script/region/variant subtags), as html-lang-valid reads it. */
export const VALID_LANG = /^[a-z]{2,3}(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\d{3}))?(?:-[a-z\d]{5,8})*$/i;
