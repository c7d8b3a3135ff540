import type { Letter, LetterSender } from "../../adapters/mail/letter.js";
import type { Mailer } from "../../adapters/mail/mailer.js";
import { compileMjml } from "../mjml.js";
import type { ProcessEmailInput, ProcessEmailResult } from "../types.js";
import { letterMjml, letterText, sizeGhostCells } from "./letter-layout.js";

export interface ComposedLetter {
  subject: string;
  html: string;
  text: string;
}

export interface LetterDeps {
  /** The site's public address (the wordmark's and footer's link). */
  siteUrl: string;
  /** The email engine (the worker pool in the app; processEmail itself in a test). */
  run(input: ProcessEmailInput): Promise<ProcessEmailResult>;
}

/**
 * A letter as the product's own best work (decision 127): the MJML layout compiled, then the whole email engine — the
 * sanitiser, inlining, Outlook and mobile passes, and the accessibility fix — and its plain-text part, as every
 * member's email gets; the plain-text part is written from the letter's words (letterText).
 */
export async function composeLetter(letter: Letter, deps: LetterDeps): Promise<ComposedLetter> {
  const site = new URL(deps.siteUrl);
  const { html } = await compileMjml(letterMjml(letter, { url: site.origin, host: site.host }));
  const out = await deps.run({
    html: sizeGhostCells(html),
    source: "existing",
    subject: letter.subject,
    preheader: letter.preheader,
    language: "en",
    fixes: ["accessibility"],
  });
  // An administrator's own HTML body has no words of ours to write from: the engine's conversion is its text.
  const text = letter.bodyHtml ? out.text : letterText(letter, { url: site.origin });
  return { subject: letter.subject, html: out.html, text };
}

/** Composes each letter and hands it to the mail adapter (SMTP or the outbox). */
export function createLetterSender(deps: LetterDeps & { mail: Mailer }): LetterSender {
  return {
    async send(to, letter) {
      const composed = await composeLetter(letter, deps);
      await deps.mail.send({ to, ...composed });
    },
  };
}
