import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GeminiStandIn, startGeminiStandIn } from "../stand-ins/gemini.js";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

// A generated email is rendered after post-processing: the saved report carries the rendered checks and the
// desktop / phone / dark / forced-dark pictures; when the browser cannot start, the generation still succeeds and
// the report says it was not rendered.

let standIn: GeminiStandIn;
beforeAll(async () => {
  standIn = await startGeminiStandIn();
});
afterAll(async () => {
  await standIn?.close();
});

type Event = { type: string; [k: string]: any };

async function generateOne(server: TestServer, member: TestClient) {
  const admin = await server.admin();
  expect((await admin.post("/api/gemini-keys", { name: "Stand-in", key: "standin-render-key-000111222" })).status).toBe(
    201,
  );
  const design = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#2563eb" } })
    .png()
    .toBuffer();
  const fd = new FormData();
  fd.append("emailType", "Newsletter Email Templates");
  fd.append("instructions", "Rendered please");
  fd.append("images", new Blob([new Uint8Array(design)], { type: "image/png" }), "design.png");
  const res = await member.request("POST", "/api/generate", fd);
  expect(res.status).toBe(200);
  const events = String(res.body)
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Event);
  const done = events.at(-1)!;
  expect(done.type, JSON.stringify(done).slice(0, 300)).toBe("done");
  return done.template as { _id: string; report: any };
}

describe("generation with the renderer", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { GEMINI_BASE_URL: standIn.url } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("saves the rendered checks and five stored pictures with the template (classic Outlook among them)", async () => {
    const member = await server.member();
    const t = await generateOne(server, member);
    const report = t.report;
    expect(report.render).toMatchObject({ available: true, widthPx: 600, mobileOverflowPx: 0 });
    expect(report.render.heightPx).toBeGreaterThan(100);
    const rendered = Object.fromEntries(
      report.checks
        .filter((c: { id: string }) => c.id.startsWith("render."))
        .map((c: { id: string; status: string }) => [c.id, c.status]),
    );
    expect(rendered).toEqual({ "render.overflow-375": "pass", "render.height": "pass" });

    const widths: Record<string, number> = { desktop: 600, mobile: 375, dark: 375, darkForced: 375, outlook: 600 };
    expect(Object.keys(report.previews).sort()).toEqual(Object.keys(widths).sort());
    for (const [name, width] of Object.entries(widths)) {
      const url: string = report.previews[name];
      const res = await fetch(new URL(url, server.url));
      expect(res.status, url).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.width).toBe(width);
    }
    // The same report is read back with the template.
    const again = await member.get(`/api/templates/${t._id}`);
    expect(again.body.data.report.previews).toEqual(report.previews);
  }, 120_000);
});

describe("generation when the browser cannot start", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { GEMINI_BASE_URL: standIn.url, RENDERER_CHROMIUM_PATH: "/nonexistent/chromium" },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("still succeeds for 1 credit, and the report says the email was not rendered", async () => {
    const member = await server.member();
    const t = await generateOne(server, member);
    expect(t.report.render).toMatchObject({ available: false });
    expect(t.report.render.reason).toMatch(/could not start/);
    const rendered = t.report.checks.filter((c: { id: string }) => c.id.startsWith("render."));
    expect(rendered).toEqual([expect.objectContaining({ id: "render.unavailable", status: "warn" })]);
    expect(t.report.previews).toBeUndefined();
    expect((await member.get("/api/me")).body.user.currentBalance).toBe(2);
  }, 120_000);
});
