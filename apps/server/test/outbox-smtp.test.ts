import { OUTBOX_TEXTS } from "@mailsmith/shared";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness.js";

/** The outbox page says where mail goes when SMTP is configured (issue 45 item 8, decision 127), without secrets. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    smtpUrl: "smtp://mailer:s3cret-pass@127.0.0.1:2599",
    env: { SMTP_URL: "smtp://mailer:s3cret-pass@127.0.0.1:2599", MAIL_FROM: "Mailsmith <hello@mailsmith.example>" },
  });
});
afterAll(async () => {
  await server?.close();
});

it("with SMTP the outbox answer names the server and sender, never the account or password", async () => {
  const admin = await server.admin();
  const res = await admin.get("/api/admin/outbox");
  expect(res.status).toBe(200);
  expect(res.body.mode).toBe("smtp");
  expect(res.body.smtp).toEqual({ server: "127.0.0.1:2599", from: "Mailsmith <hello@mailsmith.example>" });
  expect(JSON.stringify(res.body)).not.toMatch(/s3cret|mailer:/);
  expect(OUTBOX_TEXTS.smtpDelivery(res.body.smtp.server, res.body.smtp.from)).toBe(
    "Mail is delivered through the SMTP server 127.0.0.1:2599, sent as Mailsmith <hello@mailsmith.example>.",
  );
});
