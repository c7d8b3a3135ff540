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
 * A letter as the product's own best work: the MJML layout compiled, then the whole email engine — the
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

/** Slots the words of a letter take in its cached layout: text, and addresses (a link must stay a link). */
const textSlot = (i: number) => `msslot${i}z`;
const urlSlot = (i: number) => `https://msslot.invalid/${i}`;
const SLOT = /https:\/\/msslot\.invalid\/(\d+)|msslot(\d+)z/g;

/**
 * A letter with each of its words replaced by a numbered slot, and the words: letters of one shape (which parts they
 * have, how many paragraphs and rows) differ only in their words, and the layout and the engine treat a slot as any
 * word. An empty part stays empty (the layout leaves it out, as it does the real one).
 */
function slotted(letter: Letter): { shape: Letter; words: string[] } {
  const words: string[] = [];
  const t = (v: string) => textSlot(words.push(v) - 1);
  const u = (v: string) => urlSlot(words.push(v) - 1);
  const shape: Letter = {
    subject: t(letter.subject),
    preheader: t(letter.preheader),
    heading: t(letter.heading),
    ...(letter.greeting ? { greeting: t(letter.greeting) } : {}),
    paragraphs: letter.paragraphs.map(t),
    ...(letter.quote ? { quote: t(letter.quote) } : {}),
    ...(letter.details
      ? {
          details: {
            caption: t(letter.details.caption),
            rows: letter.details.rows.map(([k, v]) => [t(k), t(v)] as [string, string]),
          },
        }
      : {}),
    ...(letter.action ? { action: { label: t(letter.action.label), url: u(letter.action.url) } } : {}),
    ...(letter.after ? { after: letter.after.map(t) } : {}),
    reason: t(letter.reason),
  };
  return { shape, words };
}

/** The layout's own escaping of a word (letter-layout.ts): entities, line breaks as <br>; in one pass, never again. */
const fillSlots = (html: string, words: readonly string[]) =>
  html.replace(SLOT, (_, url: string | undefined, text: string | undefined) =>
    escapeHtml(words[Number(url ?? text)] ?? "").replace(/\r?\n/g, "<br>"),
  );

/** Shapes kept (a handful exist: one or two per kind of letter); past this the oldest goes. */
const MAX_LAYOUTS = 64;

/**
 * Letters composed from a cached layout per shape: the first letter of a shape goes through the MJML compile and the
 * whole engine with its words as slots, and every later one only fills the slots (escaped) — the same HTML the engine
 * would make of it, in a millisecond and without waiting for the engine's pool. An administrator's own HTML body has
 * no fixed shape and is composed whole every time. A failed composition is not kept (the next letter tries again).
 */
export function createLetterComposer(deps: LetterDeps): LetterComposer {
  const layouts = new Map<string, Promise<string>>();
  const layoutOf = (shape: Letter): Promise<string> => {
    const key = JSON.stringify(shape);
    let layout = layouts.get(key);
    if (!layout) {
      layout = composeLetter(shape, deps).then((c) => c.html);
      layouts.set(key, layout);
      layout.catch(() => layouts.delete(key));
      if (layouts.size > MAX_LAYOUTS) layouts.delete(layouts.keys().next().value!);
    }
    return layout;
  };
  const compose = async (letter: Letter): Promise<ComposedLetter> => {
    if (letter.bodyHtml) return composeLetter(letter, deps);
    const { shape, words } = slotted(letter);
    const html = fillSlots(await layoutOf(shape), words);
    return { subject: letter.subject, html, text: letterText(letter, { url: new URL(deps.siteUrl).origin }) };
  };
  // One shape after the other: the engine's pool stays free for a member's email meanwhile.
  const prepare = async (samples: readonly Letter[]) => {
    for (const sample of samples) if (!sample.bodyHtml) await layoutOf(slotted(sample).shape);
  };
  return Object.assign(compose, { prepare });
}

/** Composes letters from cached layouts; prepare lays out the given letters' shapes ahead (rejects if one fails). */
export type LetterComposer = ((letter: Letter) => Promise<ComposedLetter>) & {
  prepare(samples: readonly Letter[]): Promise<void>;
};

/**
 * How long a letter waits for its layout before it goes out in plainLetter's HTML: the engine's own limit (30 s) would
 * hold a sign-up's answer, or a payment's, for as long. The layout goes on composing and is kept for the next letter.
 */
export const LETTER_WAIT_MS = 4_000;

/**
 * Composes each letter (createLetterComposer) and hands it to the mail adapter (SMTP or the outbox). Should the
 * engine fail, or not be done within `waitMs`, the letter goes out in plainLetter's HTML (logged): the member still
 * gets the link, at once.
 */
export function createLetterSender(deps: LetterDeps & { mail: Mailer; log?: Logger; waitMs?: number }): LetterSender {
  const compose = createLetterComposer(deps);
  const waitMs = deps.waitMs ?? LETTER_WAIT_MS;
  return {
    async send(to, letter) {
      let composed: ComposedLetter;
      let timer: NodeJS.Timeout | undefined;
      try {
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`the letter layout took over ${waitMs} ms`)), waitMs);
        });
        const composing = compose(letter);
        composing.catch(() => undefined);
        composed = await Promise.race([composing, late]);
      } catch (err) {
        deps.log?.error({ err, subject: letter.subject }, "letter layout failed; sent in plain HTML");
        composed = plainLetter(letter, deps.siteUrl);
      } finally {
        clearTimeout(timer);
      }
      await deps.mail.send({ to, ...composed });
    },
    async prepare(samples) {
      const t0 = performance.now();
      try {
        await compose.prepare(samples);
        deps.log?.debug({ ms: Math.round(performance.now() - t0) }, "letter layouts prepared");
      } catch (err) {
        // The letters still go out: each shape is laid out again when first sent (or plain past the wait).
        deps.log?.warn({ err }, "letter layouts could not be prepared");
      }
    },
  };
}
