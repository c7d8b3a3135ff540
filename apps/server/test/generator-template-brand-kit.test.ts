import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type GeminiStandIn, startGeminiStandIn } from "../stand-ins/gemini.js";
import { designForm, finishedJob } from "./generator-helpers.js";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

/**
 * Decision 117: GET /api/templates/:id says which brand kit the template was generated with — the name and colours
 * of the job's snapshot, "deleted" once the member has deleted the kit — to the template's owner only.
 */
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let server: TestServer;
let standIn: GeminiStandIn;
let member: TestClient;
let admin: TestClient;

beforeAll(async () => {
  standIn = await startGeminiStandIn();
  server = await startTestServer({ env: { GEMINI_BASE_URL: standIn.url, GENERATION_POLL_MS: "150" } });
  admin = await server.admin();
  expect((await admin.post("/api/gemini-keys", { name: "k", key: "standin-template-kit-key-0123456789" })).status).toBe(
    201,
  );
  member = await server.member();
});
afterAll(async () => {
  await server?.close();
  await standIn?.close();
});

async function generate(fields: Record<string, string> = {}): Promise<string> {
  const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#ffffff" } })
    .png()
    .toBuffer();
  const res = await member.request("POST", "/api/generations", designForm(png, fields));
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return (await finishedJob(member, res.body.data.jobs[0]._id as string)).templateId;
}

const palette = { primary: "#0f766e", accent: "#c026d3", text: "#1a1a1a", background: "#ffffff", link: "#0f766e" };

describe("the brand kit a template was generated with", () => {
  it("is named to its owner (with its colours), not to an administrator, and said deleted once the kit is gone", async () => {
    const kitId = (
      await member.post("/api/brand-kits", {
        name: "Harbour Bakery",
        palette,
        font: { name: "", stylesheetUrl: null, fallback: "Georgia, serif" },
      })
    ).body.data.id as string;
    const withKit = await generate({ brandKitId: kitId });

    const own = (await member.get(`/api/templates/${withKit}`)).body.data;
    expect(own.brandKit).toEqual({ name: "Harbour Bakery", palette, deleted: false });

    // An administrator may open the template, but the member's kit is not theirs to see.
    const asAdmin = await admin.get(`/api/templates/${withKit}`);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.data.brandKit ?? null).toBeNull();
    expect(JSON.stringify(asAdmin.body)).not.toContain("Harbour Bakery");

    // Renamed later: the template names the kit it was made with.
    await member.put(`/api/brand-kits/${kitId}`, {
      name: "Harbour Bakery 2027",
      palette,
      font: { name: "", stylesheetUrl: null, fallback: "Georgia, serif" },
    });
    expect((await member.get(`/api/templates/${withKit}`)).body.data.brandKit.name).toBe("Harbour Bakery");

    expect((await member.request("DELETE", `/api/brand-kits/${kitId}`)).status).toBe(200);
    const after = (await member.get(`/api/templates/${withKit}`)).body.data;
    expect(after.brandKit).toEqual({ name: "Harbour Bakery", palette, deleted: true });

    // Without a kit: none.
    const plain = await generate();
    expect((await member.get(`/api/templates/${plain}`)).body.data.brandKit).toBeNull();
  });
});
