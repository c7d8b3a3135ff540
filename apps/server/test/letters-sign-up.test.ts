import { VERIFY_EMAIL_SUBJECT } from "@mailsmith/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LETTER_WAIT_MS } from "../src/email-engine/letters/compose-letter.js";
import { startTestServer, type TestServer } from "./harness.js";

/**
 * A sign-up under load (issue 45 item 6, decision 133): the email engine's pool busy past its limit must not hold the
 * answer of a sign-up (or an administrator's message) for as long: the letter goes out at once — in the layout when
 * its shape was composed before, else in plain HTML after the letter's short wait.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Engine = TestServer["ctx"]["emailEngine"];
/** The pool as it is when every worker is busy: each task ends with its time limit (here 15 s, not 30 s). */
function busy(engine: Engine): () => void {
  const run = engine.run;
  engine.run = async () => {
    await new Promise((r) => setTimeout(r, 15_000));
    throw new Error("Processing this email took too long.");
  };
  return () => {
    engine.run = run;
  };
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await work();
  return { ms: performance.now() - t0, value };
}
const mailTo = (email: string, subject: string) =>
  server.sentMails.find((m) => m.to === email && m.subject === subject);

describe("letters while the email engine is busy", () => {
  it("a letter the engine must compose goes out in plain HTML within the letter's wait, not the engine's limit", async () => {
    // An administrator's message has no fixed shape: it is composed by the engine every time.
    const admin = await server.admin();
    const m = await server.member();
    const restore = busy(server.ctx.emailEngine);
    try {
      const { ms, value: res } = await timed(() =>
        admin.post("/api/send-message", {
          toEmail: m.email,
          subject: "Scheduled maintenance",
          messageBody: '<p>We update the site on Sunday at <a href="https://status.example.com">6 am</a>.</p>',
        }),
      );
      expect(res.status).toBeLessThan(300);
      expect(ms).toBeLessThan(LETTER_WAIT_MS + 3_000);
      const mail = mailTo(m.email, "Scheduled maintenance");
      expect(mail?.html).not.toMatch(/role="article"/);
      expect(mail?.html).toContain('href="https://status.example.com"');
      expect(mail?.text).toContain("Scheduled maintenance");
    } finally {
      restore();
    }
  });

  it("a sign-up answers at once with the letter's layout: laid out once (at start-up), then only filled in", async () => {
    const restore = busy(server.ctx.emailEngine);
    try {
      const email = `busy-${Date.now()}@test.local`;
      const { ms, value: res } = await timed(() =>
        server.client().post("/api/auth/sign-up/email", { email, password: "Str0ng-passw0rd!x", name: "Busy Bee" }),
      );
      expect(res.status).toBe(200);
      expect(ms).toBeLessThan(3_000);
      const mail = mailTo(email, VERIFY_EMAIL_SUBJECT);
      expect(mail?.html).toMatch(/role="article"/);
      expect(mail?.html).toContain("Busy Bee");
      expect(mail?.text).toMatch(/^https?:\/\/\S+verify-email\?token=\S+$/m);
    } finally {
      restore();
    }
  });
});
