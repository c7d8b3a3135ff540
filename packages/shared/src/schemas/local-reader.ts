import { z } from "zod";
import { CREDITS_PER_GENERATION } from "../constants.js";

/**
 * The local reader as a generation engine (issue 43, decision 122): with no working AI key — or when the admin
 * chooses it — the email is written on the server from what the design reader reads in the picture, not by a model.
 * The admin decides what it costs and whether it also writes when keys work (Settings → AI keys).
 */

/** What writes a generation's email; the template's `model` is this name when the local reader wrote it. */
export const GENERATION_ENGINES = ["model", "local-reader"] as const;
export type GenerationEngine = (typeof GENERATION_ENGINES)[number];
export const LOCAL_READER_ENGINE = "local-reader" satisfies GenerationEngine;

/**
 * fallback: only when no AI key works (the default); always: every new generation, even with working keys; off: never
 * (with no key, generation is blocked with the spec's "No API keys available").
 */
export const LOCAL_READER_MODES = ["fallback", "always", "off"] as const;
export type LocalReaderMode = (typeof LOCAL_READER_MODES)[number];

export const LOCAL_READER_LIMITS = { maxCredits: 10 } as const;

export const LOCAL_READER_TEXTS = {
  title: "Local reader",
  intro:
    "Writes an email from the design on this server, without an AI model: the text, sections, columns, buttons and pictures it reads in the picture. It does not follow written instructions and cannot change an existing template.",
  modeLabel: "When members use it",
  modes: {
    fallback: "Only when no AI key works",
    always: "For every new generation, even when AI keys work",
    off: "Never (without a working AI key, generation is blocked)",
  } satisfies Record<LocalReaderMode, string>,
  creditsLabel: "Credits per generation",
  creditsHint: "0 makes generations with the local reader free.",
  creditsInvalid: `Enter a whole number of credits from 0 to ${LOCAL_READER_LIMITS.maxCredits}`,
  save: "Save",
  saved: "Local reader settings saved",
  saveFailed: "The local reader settings could not be saved",
  loadFailed: "The local reader settings could not be loaded",
  /** Generator page and template page: who wrote the email. */
  writtenBy: "Written by:",
  engineName: "Local reader",
  engineLabel: (model: string) => (model === LOCAL_READER_ENGINE ? "Local reader" : model || "AI model"),
  /** Generator page, when the next generation is written by the local reader. */
  generatorNote: (credits: number) =>
    `Emails are written by the local reader (no AI model): it reads the design's text, layout, buttons and pictures. Written instructions are not applied. Each generation costs ${credits} credit${credits === 1 ? "" : "s"}.`,
} as const;

export const LOCAL_READER_MESSAGES = {
  refineNeedsModel:
    "Changing an email by your instructions needs an AI model, and none is available right now. No credit was taken.",
  designRequired:
    "The local reader writes an email from a design: upload one. An email without a design needs an AI model.",
  readFailed: "The local reader could not read this design. Try a clearer picture of the whole email.",
  /** Report checks on an email the local reader wrote. */
  linksTitle: "Links to fill in",
  linksReason: (n: number) =>
    `A picture cannot show where a button or a link goes: ${n === 1 ? "this one links" : `these ${n} link`} to https://example.com/ until you fill in the address.`,
  linksFix: "Replace https://example.com/ with each button's or link's address in the code.",
  wordsTitle: "Words to check",
  wordsReason: "The reader was unsure of these words: compare them with the design.",
  wordsFix: "Correct any word that differs in the code.",
  unreadableTitle: "Text the reader could not read",
  unreadableReason: (n: number) =>
    `${n} area${n === 1 ? "" : "s"} of the design had text the reader could not read; the email shows ${n === 1 ? "it" : "them"} as ${n === 1 ? "a picture" : "pictures"} cut from the design.`,
  unreadableFix: "Type that text as live text in its place in the code, or describe the picture in its alt text.",
  picturesTitle: "Pictures to describe",
  picturesReason: (n: number) =>
    `${n} picture${n === 1 ? " has" : "s have"} no words on ${n === 1 ? "it" : "them"}, so the alt text is empty.`,
  picturesFix: "Describe each picture in its alt text, or leave it empty if it is only decoration.",
  instructionsTitle: "Instructions not applied",
  instructionsReason: "The local reader follows the design only; your written instructions were not applied.",
} as const;

export const ZLocalReaderSettingsSchema = z.strictObject({
  credits: z
    .number({ error: LOCAL_READER_TEXTS.creditsInvalid })
    .int(LOCAL_READER_TEXTS.creditsInvalid)
    .min(0, LOCAL_READER_TEXTS.creditsInvalid)
    .max(LOCAL_READER_LIMITS.maxCredits, LOCAL_READER_TEXTS.creditsInvalid),
  mode: z.enum(LOCAL_READER_MODES),
});
export type TLocalReaderSettings = z.infer<typeof ZLocalReaderSettingsSchema>;

export const LOCAL_READER_DEFAULTS: TLocalReaderSettings = { credits: CREDITS_PER_GENERATION, mode: "fallback" };

export const ZLocalReaderSettingsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: ZLocalReaderSettingsSchema,
});
export type TLocalReaderSettingsResponse = z.infer<typeof ZLocalReaderSettingsResponseSchema>;
