/**
 * Conditional comments as classic Outlook (the Word engine, Outlook 2016+ = mso 16) reads them
 * (decision 109). `<!--[if mso]>X<![endif]-->` shows X; `<!--[if !mso]><!-->Y<!--<![endif]-->` hides Y. The
 * conditions are IE's: `mso`, `gte mso 9`, `(gte mso 9)|(IE)`, `!mso`, `(mso)&(!IE)`, `vml` …
 *
 * This step is textual, before parsing: a ghost table opens in one conditional comment and closes in another, so
 * the branches must be joined to the markup between them before a parser builds the tree.
 */

/** The Word engine's version as Outlook 2016, 2019 and 365 report it. */
export const MSO_VERSION = 16;

type Token = "(" | ")" | "!" | "&" | "|" | boolean;

function atom(raw: string): boolean {
  const m = /^(gte|gt|lte|lt)?\s*([a-z]+)\s*([\d.]+)?$/i.exec(raw.trim());
  if (!m) return false;
  const [, op, name = "", ver] = m;
  const feature = name.toLowerCase();
  if (feature === "vml") return true;
  if (feature !== "mso") return false; // IE, outlook (Outlook.com's own), anything else: not the Word engine
  if (!ver) return true;
  const v = Number(ver);
  const mine = MSO_VERSION;
  switch (op?.toLowerCase()) {
    case "gt":
      return mine > v;
    case "gte":
      return mine >= v;
    case "lt":
      return mine < v;
    case "lte":
      return mine <= v;
    default:
      return Math.floor(v) === mine;
  }
}

function tokenize(expr: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < expr.length) {
    const c = expr[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if ("()!&|".includes(c)) {
      out.push(c as Token);
      i++;
    } else {
      const m = /^[a-z]+(?:\s*[a-z]+)?(?:\s*[\d.]+)?/i.exec(expr.slice(i));
      if (!m) return [false];
      out.push(atom(m[0]));
      i += m[0].length;
    }
  }
  return out;
}

/** Whether the Word engine takes a conditional comment's branch: `mso` → true, `!mso` → false, `IE` → false. */
export function msoCondition(expr: string): boolean {
  const tokens = tokenize(expr);
  let pos = 0;
  const primary = (): boolean => {
    const t = tokens[pos++];
    if (t === "!") return !primary();
    if (t === "(") {
      const v = or();
      if (tokens[pos] === ")") pos++;
      return v;
    }
    return t === true;
  };
  const and = (): boolean => {
    let v = primary();
    while (tokens[pos] === "&") {
      pos++;
      v = primary() && v;
    }
    return v;
  };
  const or = (): boolean => {
    let v = and();
    while (tokens[pos] === "|") {
      pos++;
      v = and() || v;
    }
    return v;
  };
  return tokens.length > 0 && or();
}

/** `<!--[if X]><!-->Y<!--<![endif]-->` (downlevel-revealed: other clients show Y; Word only when X holds). */
const REVEALED = /<!--\[if ([^\]]*)\]>\s*<!-{2,}\s*-*>([\s\S]*?)<!--\s*<!\[endif\]\s*-->/gi;
/** `<![if X]>Y<![endif]>` (the non-comment form). */
const REVEALED_BARE = /<!\[if ([^\]]*)\]>([\s\S]*?)<!\[endif\]>/gi;
/** `<!--[if X]>Y<![endif]-->` (downlevel-hidden: other clients see a comment; Word shows Y when X holds). */
const HIDDEN = /<!--\[if ([^\]]*)\]>([\s\S]*?)<!\[endif\]\s*-->/gi;

export interface ConditionalOutcome {
  html: string;
  /** Branches only Outlook shows that were switched on. */
  msoOn: number;
  /** Branches other clients show that Outlook skips. */
  nonMsoOff: number;
}

/** Resolves the conditional comments of an email as the Word engine does. */
export function resolveConditionals(html: string): ConditionalOutcome {
  let msoOn = 0;
  let nonMsoOff = 0;
  const pick = (cond: string, body: string, hiddenForm: boolean) => {
    if (msoCondition(cond)) {
      if (hiddenForm) msoOn++;
      return body;
    }
    if (!hiddenForm) nonMsoOff++;
    return "";
  };
  const out = html
    .replace(REVEALED, (_m, cond: string, body: string) => pick(cond, body, false))
    .replace(REVEALED_BARE, (_m, cond: string, body: string) => pick(cond, body, false))
    .replace(HIDDEN, (_m, cond: string, body: string) => pick(cond, body, true));
  return { html: out, msoOn, nonMsoOff };
}
