import { franc } from "franc-min";

/**
 * The language of an email's visible text (issue 37, decision 108): franc-min (trigram statistics over the 82
 * languages with 8 million speakers or more, and script detection) gives an ISO 639-3 code, written as the shortest
 * BCP 47 tag (the ISO 639-1 code where there is one). Hebrew is not among franc-min's languages: its script alone
 * decides. Too little text (under MIN_LETTERS letters) is no evidence: undefined.
 */
const MIN_LETTERS = 20;

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

export function detectLanguage(text: string): string | undefined {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (letters < MIN_LETTERS) return undefined;
  if ((text.match(HEBREW)?.length ?? 0) / letters > 0.5) return "he";
  const code = franc(text.slice(0, 4000), { minLength: MIN_LETTERS });
  if (code === "und") return undefined;
  return ISO_639_1[code] ?? code;
}

export const isRtlLanguage = (lang: string) => RTL.has(lang.toLowerCase().split("-")[0] ?? "");

/** A well-formed BCP 47 language tag (language, then script/region/variant subtags), as html-lang-valid reads it. */
export const VALID_LANG = /^[a-z]{2,3}(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\d{3}))?(?:-[a-z\d]{5,8})*$/i;
