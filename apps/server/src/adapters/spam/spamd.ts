import { connect } from "node:net";

/**
 * A small client of SpamAssassin's spamd (decision 110): one SPAMC/1.5 `REPORT` request over TCP with a time limit.
 * spamd runs with local rules only (`spamd -L`, no DNS or network tests); `.ci/run` starts it on 127.0.0.1:7830.
 * SPAMD_URL unset → no scorer: the report says spam scoring is unavailable and everything else works.
 */

export interface SpamRule {
  /** The rule's name, e.g. "HTML_IMAGE_ONLY_08". */
  name: string;
  points: number;
  /** spamd's own one-line description. */
  description: string;
}

export interface SpamResult {
  score: number;
  /** spamd's "required" score: at or above it the message is spam. */
  threshold: number;
  isSpam: boolean;
  rules: SpamRule[];
}

export interface SpamScorer {
  /** Scores one RFC 5322 message; throws SpamdUnavailableError when spamd cannot answer in time. */
  score(message: Buffer): Promise<SpamResult>;
}

export class SpamdUnavailableError extends Error {
  override name = "SpamdUnavailableError";
}

/** Long enough for a 500 KB email on a busy 2-core machine, short enough not to hold the check. */
export const SPAMD_TIMEOUT_MS = 10_000;

/** `spamd://host:port` (port 783 by default) → where to connect. */
export function parseSpamdUrl(url: string): { host: string; port: number } {
  const u = new URL(url);
  if (u.protocol !== "spamd:") throw new Error(`SPAMD_URL must look like spamd://127.0.0.1:783, not ${url}`);
  return { host: u.hostname.replace(/^\[|\]$/g, ""), port: u.port ? Number(u.port) : 783 };
}

/** The body of spamd's REPORT answer: its "Content analysis details" table as rules (continuation lines joined). */
export function parseReport(body: string): SpamRule[] {
  const rules: SpamRule[] = [];
  const table = body.split(/^-{3,} -{3,}.*$/m)[1] ?? "";
  for (const line of table.split(/\r?\n/)) {
    const m = /^\s*(-?\d+(?:\.\d+)?)\s+([A-Z0-9_]+)\s+(.*)$/.exec(line);
    if (m) rules.push({ points: Number(m[1]), name: m[2]!, description: m[3]!.trim() });
    else if (/^\s{10,}\S/.test(line) && rules.length) {
      const last = rules[rules.length - 1]!;
      last.description = `${last.description} ${line.trim()}`.trim();
    }
  }
  return rules;
}

/** spamd's whole answer (headers, blank line, body) → the result; throws on an error status or a missing score. */
export function parseSpamdResponse(raw: string): SpamResult {
  const split = raw.indexOf("\r\n\r\n");
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? "" : raw.slice(split + 4);
  const status = /^SPAMD\/\d+\.\d+ (\d+) (.*)$/m.exec(head);
  if (!status) throw new SpamdUnavailableError("spamd answered something that is not SPAMD/1.x");
  if (status[1] !== "0") throw new SpamdUnavailableError(`spamd refused the message: ${status[2]}`);
  const spam = /^Spam: (True|False|Yes|No) ; (-?\d+(?:\.\d+)?) \/ (-?\d+(?:\.\d+)?)/im.exec(head);
  if (!spam) throw new SpamdUnavailableError("spamd's answer has no score");
  return {
    isSpam: /^(true|yes)$/i.test(spam[1]!),
    score: Number(spam[2]),
    threshold: Number(spam[3]),
    rules: parseReport(body),
  };
}

/** A scorer talking to spamd at `url`, or undefined when no URL is configured. */
export function createSpamd(url: string | undefined, timeoutMs = SPAMD_TIMEOUT_MS): SpamScorer | undefined {
  if (!url) return undefined;
  const { host, port } = parseSpamdUrl(url);
  return {
    score: (message) =>
      new Promise<SpamResult>((resolve, reject) => {
        const chunks: Buffer[] = [];
        const socket = connect({ host, port });
        const fail = (err: Error) => {
          socket.destroy();
          reject(err instanceof SpamdUnavailableError ? err : new SpamdUnavailableError(err.message));
        };
        socket.setTimeout(timeoutMs, () =>
          fail(new SpamdUnavailableError(`spamd did not answer within ${timeoutMs} ms`)),
        );
        socket.on("error", fail);
        socket.on("data", (c: Buffer) => chunks.push(c));
        socket.on("end", () => {
          socket.destroy();
          try {
            resolve(parseSpamdResponse(Buffer.concat(chunks).toString("utf8")));
          } catch (err) {
            reject(err);
          }
        });
        socket.on("connect", () => {
          socket.write(`REPORT SPAMC/1.5\r\nContent-length: ${message.length}\r\n\r\n`);
          socket.end(message);
        });
      }),
  };
}
