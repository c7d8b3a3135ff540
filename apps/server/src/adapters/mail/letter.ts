/**
 * An email the product sends about a member's account (decision 127): its words, not its markup. The email engine's
 * letter layout (email-engine/letters/compose-letter.ts) turns it into HTML and plain text; the kernel and features
 * hand letters to a LetterSender without knowing the layout.
 */
export interface Letter {
  subject: string;
  /** The line mail clients show after the subject. */
  preheader: string;
  /** The main heading. */
  heading: string;
  greeting?: string;
  /** Plain-text paragraphs before the button. */
  paragraphs: string[];
  /** A message's own words, kept as written (line breaks kept), in a quote after the paragraphs. */
  quote?: string;
  /** An administrator's message body (their HTML, sanitised by the engine) instead of plain paragraphs. */
  bodyHtml?: string;
  action?: { label: string; url: string };
  /** A small data table (a receipt): caption and label/value rows. */
  details?: { caption: string; rows: [string, string][] };
  /** Plain-text paragraphs after the button. */
  after?: string[];
  /** Why the reader gets this email (footer). */
  reason: string;
}

export interface LetterSender {
  send(to: string, letter: Letter): Promise<void>;
  /**
   * Lays out, ahead of the first real one, a letter of each shape given (every shape the product sends: letterShapes),
   * so that no member's first letter after a start waits for the engine or goes out plain. Never rejects.
   */
  prepare(samples: readonly Letter[]): Promise<void>;
}
