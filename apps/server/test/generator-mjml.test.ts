import sharp from "sharp";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { type GeminiStandIn, startGeminiStandIn } from "../stand-ins/gemini.js";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

/**
 * MJML output (decision 059): when the model answers MJML, the server compiles it (MSO fallbacks, phone
 * stacking), cuts the design's pictures into it, scores the result, and offers the MJML source as a download.
 */
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

let server: TestServer;
let standIn: GeminiStandIn;
let member: TestClient;

beforeAll(async () => {
  standIn = await startGeminiStandIn();
  server = await startTestServer({ env: { GEMINI_BASE_URL: standIn.url, GEMINI_TIMEOUT_MS: "20000" } });
  const admin = await server.admin();
  expect(
    (await admin.post("/api/gemini-keys", { name: "Good", key: "standin-mjml-key-0123456789", isActive: true })).status,
  ).toBe(201);
  member = await server.member();
});
afterAll(async () => {
  await server?.close();
  await standIn?.close();
});

async function design() {
  return sharp({ create: { width: 600, height: 900, channels: 3, background: "#ffffff" } })
    .composite([
      {
        input: await sharp({ create: { width: 600, height: 110, channels: 3, background: "#eab308" } })
          .png()
          .toBuffer(),
        left: 0,
        top: 0,
      },
      {
        input: await sharp({ create: { width: 600, height: 240, channels: 3, background: "#2563eb" } })
          .png()
          .toBuffer(),
        left: 0,
        top: 180,
      },
    ])
    .png()
    .toBuffer();
}

it("compiles an MJML answer, keeps its source for download with the real image URLs, and scores it", async () => {
  const fd = new FormData();
  fd.append("instructions", "[stand-in:mjml]");
  fd.append("images", new Blob([new Uint8Array(await design())], { type: "image/png" }), "design.png");
  const started = await member.request("POST", "/api/generations", fd);
  expect(started.status).toBe(202);
  const jobId = started.body.data.jobs[0]._id as string;
  let job: { status: string; templateId: string | null } | undefined;
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    job = (await member.get(`/api/generations/${jobId}`)).body.data;
    if (job && ["succeeded", "failed", "cancelled"].includes(job.status)) break;
    await new Promise((r) => setTimeout(r, 150));
  }
  expect(job?.status).toBe("succeeded");
  const t = (await member.get(`/api/templates/${job!.templateId}`)).body.data;
  // Compiled by mjml: Outlook ghost tables and the two columns' media query; no MJML tags left.
  expect(t.html).toContain("<!--[if mso");
  expect(t.html).not.toContain("<mj-");
  expect(t.html).toContain("This week only");
  expect(t.hasMjml ?? true).toBe(true);
  // The history list (read without the email bodies) still knows there is MJML to download.
  const listed = (await member.get("/api/templates")).body.data as { _id: string; hasMjml: boolean }[];
  expect(listed.find((i) => i._id === t._id)).toMatchObject({ hasMjml: true });
  const res = await fetch(`${server.url}/api/templates/${t._id}/export?format=mjml`, {
    headers: { cookie: [...member.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
  });
  expect(res.status).toBe(200);
  const source = await res.text();
  expect(source).toMatch(/^<mjml>/);
  expect(source).not.toContain("image:hero");
  const hero = source.match(/<mj-image src="([^"]+)"[^>]*alt="Featured collection"/)?.[1];
  expect(hero).toMatch(/^http:\/\/.+\/generated\/.+\.jpg$/);
  expect(t.html).toContain(hero);
  expect(typeof t.score).toBe("number");
});
