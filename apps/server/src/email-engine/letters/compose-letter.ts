import type { Logger } from "pino";
import type { Letter, LetterSender } from "../../adapters/mail/letter.js";
import type { Mailer } from "../../adapters/mail/mailer.js";
import { escapeHtml } from "../../lib/escape-html.js";
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

/**
 * The same words in the plainest HTML, for when the engine cannot compose in time (its pool busy past its limit on an
 * overloaded machine): a verification or a receipt must still go out. Escaped, lang set, a real link.
 */
export function plainLetter(letter: Letter, siteUrl: string): ComposedLetter {
  const p = (t: string) => `<p>${escapeHtml(t)}</p>`;
  const body = [
    `<h1>${escapeHtml(letter.heading)}</h1>`,
    ...(letter.greeting ? [p(letter.greeting)] : []),
    ...letter.paragraphs.map(p),
    // An administrator's own HTML, as it was sent before letters had a layout.
    ...(letter.bodyHtml ? [letter.bodyHtml] : []),
    ...(letter.quote ? [`<blockquote>${escapeHtml(letter.quote)}</blockquote>`] : []),
    ...(letter.details ? letter.details.rows.map(([k, v]) => p(`${k}: ${v}`)) : []),
    ...(letter.action
      ? [`<p><a href="${escapeHtml(letter.action.url)}">${escapeHtml(letter.action.label)}</a></p>`]
      : []),
    ...(letter.after ?? []).map(p),
    p(letter.reason),
  ].join("");
  const html = `<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8"><title>${escapeHtml(letter.subject)}</title></head><body>${body}</body></html>`;
  return { subject: letter.subject, html, text: letterText(letter, { url: new URL(siteUrl).origin }) };
}

/**
 * Composes each letter and hands it to the mail adapter (SMTP or the outbox). Should the engine fail or time out,
 * the letter goes out in plainLetter's HTML (logged): the member still gets the link.
 */
export function createLetterSender(deps: LetterDeps & { mail: Mailer; log?: Logger }): LetterSender {
  return {
    async send(to, letter) {
      let composed: ComposedLetter;
      try {
        composed = await composeLetter(letter, deps);
      } catch (err) {
        deps.log?.error({ err, subject: letter.subject }, "letter layout failed; sent in plain HTML");
        composed = plainLetter(letter, deps.siteUrl);
      }
      await deps.mail.send({ to, ...composed });
    },
  };
}
