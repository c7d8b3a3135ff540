import { createConnection } from "node:net";
import { ZEmailCheckResponseSchema } from "@mailsmith/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSpamdUrl } from "../src/adapters/spam/spamd.js";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

/**
 * The spam score on Check my email (decision 110) with the real SpamAssassin: `.ci/run` starts spamd
 * on 127.0.0.1:7830 with local rules only. This suite does not skip: without spamd it fails here, loudly.
 */
const SPAMD_URL = process.env.TEST_SPAMD_URL ?? "spamd://127.0.0.1:7830";
let server: TestServer;
let member: TestClient;

beforeAll(async () => {
  const { host, port } = parseSpamdUrl(SPAMD_URL);
  await new Promise<void>((resolve, reject) => {
    const socket = createConnection({ host, port }, () => {
      socket.end();
      resolve();
    });
    socket.on("error", (err) =>
      reject(new Error(`spamd is not running at ${SPAMD_URL} (${err.message}): start it as .ci/run does`)),
    );
  });
  server = await startTestServer({ env: { SPAMD_URL } });
  member = await server.member();
});
afterAll(async () => {
  await server?.close();
});

const CLEAN = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Garden club news for November</title></head>
<body><table role="presentation" width="600"><tr><td>
<h1>Garden club news for November</h1>
<p>This month we planted forty new apple trees along the east path, and the volunteers finished the greenhouse roof
before the first frost. Thank you to everyone who came on Saturday mornings.</p>
<p>The winter meetings move to the library on Thursdays at seven. Bring your seed lists: we will order together in
January and share the delivery costs.</p>
<p><a href="https://example.com/news/november">Read the full November news</a></p>
<p style="font-size:13px;color:#555555">Garden Club, 12 Orchard Street, Springfield, IL 62701.
<a href="https://example.com/unsubscribe">Unsubscribe</a></p>
</td></tr></table></body></html>`;

const SPAMMY = `<html><head><title>FREE MONEY!!! ACT NOW</title></head><body>
<a href="http://bit.ly/3xYzAbc"><img src="http://images.example.net/offer.jpg" width="600" height="900"></a>
<font color="#fefefe">viagra casino winner</font> 100% FREE, order now, limited time!
</body></html>`;

describe("spam score with SpamAssassin", () => {
  it("scores a clean newsletter well under the threshold with its deliverability checks passing", async () => {
    const res = await member.post("/api/email-check", { html: CLEAN });
    expect(res.status).toBe(200);
    const { report } = ZEmailCheckResponseSchema.parse(res.body);
    const spam = report.checks.find((c) => c.id === "spam");
    expect(spam, JSON.stringify(spam)).toMatchObject({ status: "pass" });
    expect(spam!.reason).toMatch(/points: well under SpamAssassin's spam threshold of 5\.0/);
    for (const id of ["deliverability.image-text", "deliverability.shorteners", "deliverability.unsubscribe"])
      expect(report.checks.find((c) => c.id === id)?.status, id).toBe("pass");
    expect(report.checks.find((c) => c.id === "size.gmail-clip")?.reason).toMatch(/bytes to spare before Gmail clips/);
  });

  it("marks a spammy email as spam and names each rule in plain words with a fix", async () => {
    const res = await member.post("/api/email-check", { html: SPAMMY });
    expect(res.status).toBe(200);
    const { report } = ZEmailCheckResponseSchema.parse(res.body);
    const spam = report.checks.find((c) => c.id === "spam");
    expect(spam, JSON.stringify(spam)).toMatchObject({ status: "fail" });
    expect(spam!.reason).toMatch(/SpamAssassin marks this as spam \(threshold 5\.0\)/);
    expect(spam!.items?.join("\n")).toMatch(/HTML_IMAGE_ONLY_\d+: The email is almost all pictures.* Fix: /);
    expect(spam!.items?.join("\n")).toMatch(/SUBJ_ALL_CAPS: The subject is in capital letters\. Fix: /);
    expect(report.passed).toBe(false);
    expect(report.checks.find((c) => c.id === "deliverability.shorteners")).toMatchObject({
      status: "warn",
      items: ["bit.ly"],
    });
    expect(report.checks.find((c) => c.id === "deliverability.image-text")?.status).toBe("warn");
    expect(report.checks.find((c) => c.id === "deliverability.unsubscribe")?.status).toBe("fail");
    expect(report.checks.find((c) => c.id === "deliverability.address")?.status).toBe("warn");
  });
});
