import { LETTER_TEXTS, VERIFY_EMAIL_SUBJECT } from "@mailsmith/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processEmail } from "../src/email-engine/index.js";
import { type RunningStandIn, startPaypalStandIn } from "../stand-ins/paypal.js";
import { addPackage, approveAtStandIn, newOrder } from "./commerce-helpers.js";
import { startTestServer, type TestServer } from "./harness.js";

/**
 * The emails the product sends go out in its own letter layout (issue 45 item 6, decision 127): verification,
 * password reset, the purchase receipt after a capture (once per order, however many captures race), account
 * deletion. letters.test.ts checks the layout against every check; this file checks that the app sends them.
 */
let standIn: RunningStandIn;
let server: TestServer;

beforeAll(async () => {
  standIn = await startPaypalStandIn({ webhookId: "WHTEST0000127" });
  server = await startTestServer({ env: { PAYPAL_API_BASE: standIn.url, PAYPAL_WEBHOOK_ID: "WHTEST0000127" } });
});
afterAll(async () => {
  await server?.close();
  await standIn?.close();
});

const mailsTo = (email: string, subject?: string | RegExp) =>
  server.sentMails.filter(
    (m) =>
      m.to === email && (!subject || (typeof subject === "string" ? m.subject === subject : subject.test(m.subject))),
  );

/** A letter of ours: the layout's wordmark and footer, a text part, nothing the engine's checks fail. */
function expectLetter(mail: { html: string; text: string; subject: string }, heading: string) {
  expect(mail.html).toMatch(/role="article"/);
  expect(mail.html).toContain(heading);
  expect(mail.html).toContain(LETTER_TEXTS.brand);
  expect(mail.text).toContain(heading);
  const report = processEmail({ html: mail.html, source: "existing", subject: mail.subject }).report;
  expect(report.checks.filter((c) => c.status === "fail").map((c) => c.id)).toEqual([]);
}

describe("the emails the app sends", () => {
  it("verification and password reset are letters, with each link on a line of its own", async () => {
    const m = await server.member({ verified: false });
    const [verify] = mailsTo(m.email, VERIFY_EMAIL_SUBJECT);
    expectLetter(verify!, LETTER_TEXTS.verify.heading);
    expect(verify!.text).toMatch(/^https?:\/\/\S+verify-email\?token=\S+$/m);

    expect(
      (
        await server
          .client()
          .post("/api/auth/request-password-reset", { email: m.email, redirectTo: "/reset-password" })
      ).status,
    ).toBe(200);
    const reset = await until(() => mailsTo(m.email, LETTER_TEXTS.reset.subject)[0]);
    expectLetter(reset, LETTER_TEXTS.reset.heading);
    expect(reset.text).toMatch(/^https?:\/\/\S+reset-password\/[\w-]+\S*$/m);
  });

  it("a purchase sends one receipt with package, credits, amount and order reference, however many captures race", async () => {
    const admin = await server.admin();
    const pkg = await addPackage(admin, { packageName: "Pro pack", price: "29", credit: "120", validity: 90 });
    const member = await server.member();
    const order = await newOrder(member, pkg._id);
    const pp = (await member.post("/api/paypal/create-order", { kind: "package", id: order._id })).body as {
      id: string;
    };
    await approveAtStandIn(standIn.url, pp.id);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        member.post("/api/paypal/capture-order", { kind: "package", id: order._id, paypalOrderId: pp.id }),
      ),
    );
    expect(results.filter((r) => r.body.result === "paid")).toHaveLength(1);
    // verify-order after the fact records nothing new and sends nothing.
    await member.post("/api/paypal/verify-order", { kind: "package", id: order._id });

    const receipts = mailsTo(member.email, /receipt/i);
    expect(receipts).toHaveLength(1);
    const receipt = receipts[0]!;
    expect(receipt.subject).toBe(LETTER_TEXTS.receipt.subject(order.orderId));
    expectLetter(receipt, LETTER_TEXTS.receipt.heading);
    for (const line of [
      "Package: Pro pack",
      "Credits: 120",
      "Amount paid: $29.00",
      `Order reference: ${order.orderId}`,
    ])
      expect(receipt.text).toContain(line);
    expect(receipt.html).toMatch(/<caption[^>]*>Receipt<\/caption>/);
  });

  it("a purchase whose transaction rolls back sends no receipt (the receipt waits for the commit)", async () => {
    const admin = await server.admin();
    const pkg = await addPackage(admin, { packageName: "Rolled pack", price: "9", credit: "10", validity: 30 });
    const member = await server.member();
    const order = await newOrder(member, pkg._id);
    const pp = (await member.post("/api/paypal/create-order", { kind: "package", id: order._id })).body as {
      id: string;
    };
    await approveAtStandIn(standIn.url, pp.id);
    // The ledger fails inside the capture's transaction: the order's Paid row is rolled back with it.
    const credits = server.ctx.credits;
    const apply = credits.apply;
    credits.apply = async () => {
      throw new Error("ledger unavailable");
    };
    try {
      const res = await member.post("/api/paypal/capture-order", {
        kind: "package",
        id: order._id,
        paypalOrderId: pp.id,
      });
      expect(res.status).toBe(500);
      expect(res.body.code).toBe("PAYMENT_NOT_RECORDED");
    } finally {
      credits.apply = apply;
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(member.email, /receipt/i)).toEqual([]);
  });

  it("deleting an account sends its confirmation to the address it had", async () => {
    const m = await server.member();
    expect((await m.request("DELETE", "/api/me", { password: m.password })).status).toBe(204);
    const [closed] = mailsTo(m.email, LETTER_TEXTS.accountClosed.subject);
    expectLetter(closed!, LETTER_TEXTS.accountClosed.heading);
    expect(closed!.text).toContain("As you asked, your Mailsmith account is deleted.");
  });
});

async function until<T>(read: () => T | undefined): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const v = read();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("not sent");
}
