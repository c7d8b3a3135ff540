import type { TBrandKitInput } from "@mailsmith/shared";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { brandKits, generationJobs } from "../src/db/schema/index.js";
import { type GeminiStandIn, startGeminiStandIn } from "../stand-ins/gemini.js";
import { designForm, templateOfJob } from "./generator-helpers.js";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

/**
 * Brand kits (decision 113): a member makes a kit from a design, generates with it — the Gemini stand-in's
 * answer uses its own colours (#eab308 header, #dc2626 button, #1d4ed8 footer, #374151 text, Arial) — and the saved email carries
 * the kit's colours and fonts; variants and a refinement ("Fix with AI" goes through it) keep the kit.
 */
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

let server: TestServer;
let standIn: GeminiStandIn;
let member: TestClient;

/** The stand-in's own colours (stand-ins/gemini.ts standInEmail). */
/** (#f3f4f6, its page grey, is within the palette tolerance of the design's white: the design's, kept.) */
const STAND_IN_COLOURS = ["#eab308", "#dc2626", "#1d4ed8", "#374151"];
const TEAL = "#0f766e";
const MAGENTA = "#c026d3";

beforeAll(async () => {
  standIn = await startGeminiStandIn();
  server = await startTestServer({
    env: { GEMINI_BASE_URL: standIn.url, GEMINI_TIMEOUT_MS: "30000", GENERATION_POLL_MS: "150" },
  });
  const admin = await server.admin();
  expect((await admin.post("/api/gemini-keys", { name: "k", key: "standin-brand-kit-key-0123456789" })).status).toBe(
    201,
  );
  member = await server.member();
});
afterAll(async () => {
  await server?.close();
  await standIn?.close();
});

/** The member's design: white page, a near-black heading bar, a teal button and a magenta band. */
async function design(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800">
    <rect width="600" height="800" fill="#ffffff"/>
    <rect x="40" y="40" width="520" height="90" fill="#1a1a1a"/>
    <rect x="40" y="300" width="260" height="70" fill="${TEAL}"/>
    <rect x="40" y="600" width="520" height="60" fill="${MAGENTA}"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const fontFamilies = (html: string) => [...html.matchAll(/font-family\s*:\s*([^;"]+)/gi)].map((m) => m[1]!.trim());

function expectKit(html: string, kit: TBrandKitInput) {
  const lower = html.toLowerCase();
  for (const c of STAND_IN_COLOURS) expect(lower, `stand-in colour ${c} left`).not.toContain(c);
  expect(lower).toContain(kit.palette.text);
  expect(lower.includes(kit.palette.primary) || lower.includes(kit.palette.accent)).toBe(true);
  const stacks = fontFamilies(html);
  expect(stacks.length).toBeGreaterThan(0);
  for (const s of stacks) expect(s).toBe("'Inter', Arial, Helvetica, sans-serif");
  expect(html).toContain('<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Inter">');
}

describe("generating with a brand kit", () => {
  it("a kit made from a design reaches the prompt, and the result carries its colours and fonts; variants and a refinement keep it", async () => {
    const png = await design();
    const { palette } = (await member.post("/api/brand-kits/palette", designForm(png, {}, "image"))).body;
    const near = (a: string, b: string) =>
      [1, 3, 5].every(
        (i) => Math.abs(Number.parseInt(a.slice(i, i + 2), 16) - Number.parseInt(b.slice(i, i + 2), 16)) <= 6,
      );
    expect([palette.primary, palette.accent].some((c: string) => near(c, TEAL))).toBe(true);
    // The logo on local storage: its address reaches the prompt absolute, on the public base URL.
    const logo = await member.post("/api/brand-kits/logo", designForm(png, {}, "image"));
    expect(logo.status).toBe(201);
    const kit: TBrandKitInput = {
      name: "Teal & Co",
      logoUrl: logo.body.url,
      palette: { ...palette, text: "#1a1a1a" },
      font: {
        name: "Inter",
        stylesheetUrl: "https://fonts.googleapis.com/css2?family=Inter",
        fallback: "Arial, Helvetica, sans-serif",
      },
      footer: { address: "1 Harbour Road, Bristol", social: [] },
      tone: ["warm"],
    };
    const created = await member.post("/api/brand-kits", kit);
    expect(created.status).toBe(201);
    const kitId = created.body.data.id as string;

    const before = standIn.calls.length;
    const res = await member.request(
      "POST",
      "/api/generations",
      designForm(png, { instructions: "Spring launch", variants: "2", brandKitId: kitId }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const jobs = res.body.data.jobs as { _id: string }[];
    expect(jobs).toHaveLength(2);
    const templates = [];
    for (const j of jobs) templates.push(await templateOfJob(member, j._id));
    // Every model call of both variants (a repair pass included) had the kit in its prompt.
    const prompts = standIn.calls.slice(before).map((c) => c.prompt);
    expect(prompts.length).toBeGreaterThanOrEqual(2);
    for (const p of prompts) {
      expect(p).toContain("Brand kit");
      expect(p).toContain(kit.palette.primary);
      expect(p).toContain("1 Harbour Road, Bristol");
      expect(p).toMatch(new RegExp(`Logo image: ${server.url}/uploads/brand-logos/[0-9a-f-]{36}\\.png `));
    }
    for (const t of templates) expectKit(t.html, kit);
    const row = await server.ctx.db.query.generationJobs.findFirst({ where: eq(generationJobs.id, jobs[0]!._id) });
    expect(row?.brandKit).toMatchObject({ id: kitId, version: 1, name: "Teal & Co" });

    // The kit changes later: the refinement keeps the snapshot its template was generated with.
    await member.put(`/api/brand-kits/${kitId}`, { ...kit, palette: { ...kit.palette, text: "#222222" } });
    const refined = await member.post(`/api/templates/${templates[0]!._id}/refinements`, {
      instructions: "Make the heading shorter",
    });
    expect(refined.status).toBe(202);
    const again = await templateOfJob(member, refined.body.data.jobs[0]._id);
    expectKit(again.html, kit);
    const refineRow = await server.ctx.db.query.generationJobs.findFirst({
      where: eq(generationJobs.id, refined.body.data.jobs[0]._id),
    });
    expect(refineRow?.brandKit).toMatchObject({ id: kitId, version: 1 });
  });

  it("a kit saved before logo addresses were absolute (a /uploads/… path in its row) still gives the model an absolute address", async () => {
    const fresh = await server.member(); // the first test spent the shared member's credits
    const png = await design();
    const logo = await fresh.post("/api/brand-kits/logo", designForm(png, {}, "image"));
    const created = await fresh.post("/api/brand-kits", {
      name: "Old kit",
      logoUrl: logo.body.url,
      palette: { primary: TEAL, accent: MAGENTA, text: "#1a1a1a", background: "#ffffff", link: TEAL },
      font: { name: "", stylesheetUrl: null, fallback: "Arial, sans-serif" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const kitId = created.body.data.id as string;
    // As an older version stored the logo: the local-storage path alone.
    const path = new URL(logo.body.url as string).pathname;
    await server.ctx.db.update(brandKits).set({ logoUrl: path }).where(eq(brandKits.id, kitId));
    const before = standIn.calls.length;
    const res = await fresh.request("POST", "/api/generations", designForm(png, { brandKitId: kitId }));
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    await templateOfJob(fresh, res.body.data.jobs[0]._id);
    const prompt = standIn.calls[before]!.prompt;
    expect(prompt).toContain(`Logo image: ${server.url}${path} `);
  });

  it("without a kit the stand-in's own colours stay (the kit is what changed them)", async () => {
    const other = await server.member();
    const res = await other.request("POST", "/api/generations", designForm(await design()));
    const t = await templateOfJob(other, res.body.data.jobs[0]._id);
    expect(t.html.toLowerCase()).toContain("#eab308");
    expect(t.html).not.toContain("'Inter'");
  });

  it("another member's kit cannot be used: 404 and no credit taken", async () => {
    const owner = await server.member();
    const kitId = (
      await owner.post("/api/brand-kits", {
        name: "Mine",
        palette: { primary: TEAL, accent: MAGENTA, text: "#111111", background: "#ffffff", link: TEAL },
        font: { name: "", stylesheetUrl: null, fallback: "Georgia, serif" },
      })
    ).body.data.id as string;
    const balance = async () => (await member.get("/api/me")).body.user.currentBalance as number;
    const was = await balance();
    const res = await member.request("POST", "/api/generations", designForm(await design(), { brandKitId: kitId }));
    expect(res.status).toBe(404);
    expect(await balance()).toBe(was);
  });
});
