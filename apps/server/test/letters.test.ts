import type { TEmailCheck } from "@mailsmith/shared";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Letter } from "../src/adapters/mail/letter.js";
import { letterShapes, letters } from "../src/adapters/mail/letters.js";
import { createRenderer, type Renderer } from "../src/adapters/renderer/renderer.js";
import { composeMessage } from "../src/adapters/spam/message.js";
import { createSpamd } from "../src/adapters/spam/spamd.js";
import { spamCheck } from "../src/email-engine/checks/spam.js";
import { processEmail } from "../src/email-engine/index.js";
import {
  composeLetter,
  createLetterComposer,
  createLetterSender,
  plainLetter,
} from "../src/email-engine/letters/compose-letter.js";
import { renderReport } from "../src/email-engine/render-report.js";
import { loadEnv } from "../src/env.js";

/**
 * The emails Mailsmith sends are its own best work (issue 45 item 6, decision 127): each one, built by the letter
 * layout and the email engine, passes the product's own checks — the engine's report (accessibility, links, size,
 * fonts, dark-mode colour scheme), the rendered ones (axe-core, the classic Outlook approximation, dark mode, no
 * sideways scrolling on a phone) and SpamAssassin's score (spamd as .ci/run starts it) — and has a plain-text part.
 */
const SPAMD_URL = process.env.TEST_SPAMD_URL ?? "spamd://127.0.0.1:7830";
const SITE = "https://mailsmith.example";
const LINK = `${SITE}/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.abc&callbackURL=%2Fuser%2Fdashboard`;

const SAMPLES: Record<string, Letter> = {
  verification: letters.verify("Sam Rivera", LINK),
  "password reset": letters.reset("", `${SITE}/reset-password/tok123?callbackURL=%2Freset-password`),
  "purchase receipt": letters.receipt({
    name: "Sam Rivera",
    packageName: "Pro pack",
    credits: 120,
    amount: "$29.00",
    orderRef: "MS-7Q4K-2J9D",
    date: "29 November 2026",
    url: `${SITE}/user/generate-code`,
  }),
  "account deletion": letters.accountClosed({ name: "Sam Rivera", byAdmin: false, url: SITE }),
  "admin message": letters.adminMessage({
    subject: "New export formats for your templates",
    bodyHtml:
      "<p>Hello Sam,</p><p>You can now export any template for Mailchimp, Klaviyo and Brevo from its page. <strong>No credits needed.</strong></p><script>alert(1)</script>",
  }),
  "support reply": letters.supportReply({
    name: "Sam <b>Rivera</b>",
    subject: "Export to Brevo",
    mailSubject: "Re: Export to Brevo",
    message: "Hi Sam,\nthe Brevo export is on the template page.\nBest, the team",
    link: `${SITE}/user/support`,
  }),
};

const log = pino({ level: "silent" });
let renderer: Renderer;
const spam = createSpamd(SPAMD_URL);
const run = async (input: Parameters<typeof processEmail>[0]) => processEmail(input);

beforeAll(() => {
  renderer = createRenderer({ env: loadEnv({ LOG_LEVEL: "silent", RENDERER: "on" }), log });
});
afterAll(async () => {
  await renderer?.close();
});

const notPassing = (checks: TEmailCheck[]) =>
  checks
    .filter((c) => c.status !== "pass")
    .map((c) => `${c.id} ${c.status}: ${c.reason} ${(c.items ?? []).join("; ")}`);

describe("the emails Mailsmith sends", () => {
  it.each(Object.keys(SAMPLES))(
    "%s passes the engine's, the renderer's and SpamAssassin's checks",
    async (name) => {
      const letter = SAMPLES[name]!;
      const mail = await composeLetter(letter, { siteUrl: SITE, run });

      // Checked as a member's email would be on Check my email: processed again, then rendered and scored.
      const again = processEmail({ html: mail.html, source: "existing", subject: mail.subject });
      expect(notPassing(again.report.checks), `${name}: engine checks`).toEqual([]);
      const rendered = await renderReport(renderer, mail.html);
      expect(rendered.render.available).toBe(true);
      expect(notPassing(rendered.checks), `${name}: rendered checks`).toEqual([]);
      for (const id of ["axe", "outlook-differences", "dark-mode.vanishing", "render.overflow-375"])
        expect(
          rendered.checks.map((c) => c.id),
          id,
        ).toContain(id);

      const message = await composeMessage({
        from: { name: "Mailsmith", address: "hello@mailsmith.example" },
        ...mail,
      });
      const score = await spam!.score(message);
      expect(spamCheck(score).status, `${name}: ${JSON.stringify(score.rules)}`).toBe("pass");

      // A plain-text part with the words and the link; the HTML has the layout and nothing unescaped.
      expect(mail.text).toContain(letter.heading);
      // Each address on a line of its own: a client links it whole (no bracket or word glued to it).
      if (letter.action) expect(mail.text.split("\n")).toContain(letter.action.url);
      expect(mail.html).toMatch(/<html[^>]* lang="en"/);
      expect(mail.html).not.toMatch(/<script|<b>Rivera/);
    },
    120_000,
  );

  it("the receipt lists package, credits, amount and order reference in a table a screen reader reads as one", async () => {
    const mail = await composeLetter(SAMPLES["purchase receipt"]!, { siteUrl: SITE, run });
    expect(mail.subject).toBe("Your Mailsmith receipt MS-7Q4K-2J9D");
    expect(mail.html).toMatch(/<caption[^>]*>Receipt<\/caption>/);
    for (const [label, value] of [
      ["Package", "Pro pack"],
      ["Credits", "120"],
      ["Amount paid", "\\$29\\.00"],
      ["Order reference", "MS-7Q4K-2J9D"],
    ])
      expect(mail.html).toMatch(new RegExp(`<th scope="row"[^>]*>${label}</th><td[^>]*>${value}</td>`));
    expect(mail.text).toContain("Order reference: MS-7Q4K-2J9D");
  });

  it("still sends the words and the link when the engine cannot compose (its pool busy past its limit)", async () => {
    const sent: { to: string; subject: string; html: string; text: string }[] = [];
    const sender = createLetterSender({
      siteUrl: SITE,
      mail: { kind: "outbox", send: async (m) => void sent.push(m) },
      run: async () => {
        throw new Error("Processing this email took too long.");
      },
    });
    await sender.send("sam@example.com", SAMPLES.verification!);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.html).toContain(`href="${LINK.replaceAll("&", "&amp;")}"`);
    expect(sent[0]!.html).toMatch(/<html lang="en"/);
    expect(sent[0]!.text.split("\n")).toContain(LINK);
  });
});

/** Quotes as the engine writes them in text (literal) and as the slots are filled (entities): the same HTML. */
const sameQuotes = (html: string) => html.replaceAll("&quot;", '"').replaceAll("&#39;", "'");

/** A sender that waits 100 ms for a layout, over an engine that takes `ms()` a task and counts its tasks. */
function slowSender(ms: () => number) {
  const sent: { to: string; subject: string; html: string; text: string }[] = [];
  let count = 0;
  const sender = createLetterSender({
    siteUrl: SITE,
    mail: { kind: "outbox", send: async (m) => void sent.push(m) },
    waitMs: 100,
    run: async (input) => {
      count += 1;
      await new Promise((r) => setTimeout(r, ms()));
      return processEmail(input);
    },
  });
  return { sent, sender, runs: () => count };
}

describe("letters under load (decision 133)", () => {
  it("a letter of a shape already laid out is the same email with its words filled in, without the engine", async () => {
    let runs = 0;
    const counted = async (input: Parameters<typeof processEmail>[0]) => {
      runs += 1;
      return processEmail(input);
    };
    const compose = createLetterComposer({ siteUrl: SITE, run: counted });
    const first = letters.verify("Sam Rivera", LINK);
    const other = letters.verify("Ana <b>O'Neil</b> & co", `${SITE}/api/auth/verify-email?token=zz9&callbackURL=%2F`);
    await compose(first);
    const t0 = performance.now();
    const cached = await compose(other);
    const ms = performance.now() - t0;
    expect(runs).toBe(1);
    expect(ms).toBeLessThan(50);
    const direct = await composeLetter(other, { siteUrl: SITE, run });
    expect(sameQuotes(cached.html)).toBe(sameQuotes(direct.html));
    expect(cached.text).toBe(direct.text);
    expect(cached.html).toContain("Ana &lt;b&gt;O&#39;Neil&lt;/b&gt; &amp; co");
    expect(cached.html).not.toMatch(/msslot/);
    // Every kind of letter with a fixed shape comes out as the engine makes it.
    for (const name of ["password reset", "purchase receipt", "account deletion", "support reply"]) {
      const letter = SAMPLES[name]!;
      await compose(letter);
      expect(sameQuotes((await compose(letter)).html), name).toBe(
        sameQuotes((await composeLetter(letter, { siteUrl: SITE, run })).html),
      );
    }
  });

  it("a busy engine does not hold a letter: it goes out at once in plain HTML, and the layout is kept for the next", async () => {
    const { sent, sender, runs } = slowSender(() => 600);
    const t0 = performance.now();
    await sender.send("sam@example.com", SAMPLES.verification!);
    expect(performance.now() - t0).toBeLessThan(500);
    expect(sent[0]!.html).not.toMatch(/role="article"/);
    expect(sent[0]!.text.split("\n")).toContain(LINK);
    await new Promise((r) => setTimeout(r, 800));
    await sender.send("ana@example.com", letters.verify("Ana", LINK));
    expect(sent[1]!.html).toMatch(/role="article"/);
    expect(sent[1]!.html).toContain("Hi Ana,");
    expect(runs()).toBe(1);
  });

  it("shapes prepared at start-up: the first letter of each kind is in its layout at once, however slow the engine", async () => {
    let slow = 0;
    const { sent, sender, runs } = slowSender(() => slow);
    const shapes = letterShapes(SITE);
    await sender.prepare(shapes);
    // One run a shape (verification and reset share one; a receipt with credits and one without do not).
    const prepared = runs();
    expect(prepared).toBeGreaterThanOrEqual(5);
    slow = 600;
    for (const name of ["verification", "password reset", "purchase receipt", "account deletion", "support reply"]) {
      const t0 = performance.now();
      await sender.send("sam@example.com", SAMPLES[name]!);
      expect(performance.now() - t0, name).toBeLessThan(100);
      expect(sent.at(-1)!.html, name).toMatch(/role="article"/);
      expect(sent.at(-1)!.html, name).not.toMatch(/msslot/);
    }
    expect(runs()).toBe(prepared);
  });

  it("a failed preparation does not stop a letter: it is laid out when sent", async () => {
    const sent: { html: string }[] = [];
    let fail = true;
    const sender = createLetterSender({
      siteUrl: SITE,
      mail: { kind: "outbox", send: async (m) => void sent.push(m) },
      run: async (input) => {
        if (fail) throw new Error("the pool is down");
        return processEmail(input);
      },
    });
    await expect(sender.prepare(letterShapes(SITE))).resolves.toBeUndefined();
    fail = false;
    await sender.send("sam@example.com", SAMPLES.verification!);
    expect(sent[0]!.html).toMatch(/role="article"/);
  });

  it("the plain letter a busy engine leaves passes the engine's, the renderer's and SpamAssassin's checks, with a plain-text part", async () => {
    for (const name of ["verification", "password reset", "purchase receipt"]) {
      const mail = plainLetter(SAMPLES[name]!, SITE);
      const report = processEmail({ html: mail.html, source: "existing", subject: mail.subject }).report;
      expect(notPassing(report.checks), `${name}: engine checks`).toEqual([]);
      const rendered = await renderReport(renderer, mail.html);
      expect(notPassing(rendered.checks), `${name}: rendered checks`).toEqual([]);
      const score = await spam!.score(
        await composeMessage({ from: { name: "Mailsmith", address: "hello@mailsmith.example" }, ...mail }),
      );
      expect(spamCheck(score).status, `${name}: ${JSON.stringify(score.rules)}`).toBe("pass");
      expect(mail.text).toContain(SAMPLES[name]!.heading);
    }
  }, 120_000);
});
