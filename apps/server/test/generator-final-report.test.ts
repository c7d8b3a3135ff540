import type { TBrandKitInput } from "@mailsmith/shared";
import { wcagContrast } from "culori";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { processEmail } from "../src/email-engine/process-email.js";
import { type GeminiStandIn, startGeminiStandIn } from "../stand-ins/gemini.js";
import { designForm, templateOfJob } from "./generator-helpers.js";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

/**
 * Decision 117: the stored report describes the email the member gets. The brand kit's colours are set before the
 * accessibility fixes and checks run (a kit whose text colour fails AA on the design's background does not ship
 * failing), and axe-core audits only the email that is kept, not every candidate of the repair pass.
 */
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

let server: TestServer;
let standIn: GeminiStandIn;
let member: TestClient;

/** The design: a dark slate page with a teal band (its background is what the kit's text must read on). */
const SLATE = "#1e293b";
const TEAL = "#14b8a6";

beforeAll(async () => {
  standIn = await startGeminiStandIn();
  server = await startTestServer({
    env: { GEMINI_BASE_URL: standIn.url, GEMINI_TIMEOUT_MS: "30000", GENERATION_POLL_MS: "150" },
  });
  const admin = await server.admin();
  expect((await admin.post("/api/gemini-keys", { name: "k", key: "standin-final-report-key-0123456789" })).status).toBe(
    201,
  );
  member = await server.member();
});
afterAll(async () => {
  await server?.close();
  await standIn?.close();
});

async function design(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800">
    <rect width="600" height="800" fill="${SLATE}"/>
    <rect x="40" y="300" width="260" height="70" fill="${TEAL}"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

type Template = { _id: string; html: string; report: { checks: Check[]; changes: string[]; passed: boolean } };
type Check = { id: string; status: string; reason: string; items?: string[] };

async function generate(fields: Record<string, string> = {}): Promise<{ jobId: string; template: Template }> {
  const res = await member.request("POST", "/api/generations", designForm(await design(), fields));
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const jobId = res.body.data.jobs[0]._id as string;
  return { jobId, template: await templateOfJob<Template>(member, jobId) };
}

const checkOf = (checks: Check[], id: string) => checks.find((c) => c.id === id);

describe("the stored report describes the final email", () => {
  it("a kit whose text colour fails AA on the design's background: the email passes contrast and the report says so; the kit's button colour stays", async () => {
    const kit: TBrandKitInput = {
      name: "Slate night",
      logoUrl: null,
      // Dark grey text on the design's dark slate: 1.9:1, far below AA. The teal primary carries dark text well.
      palette: { primary: TEAL, accent: "#0d9488", text: "#4b5563", background: SLATE, link: TEAL },
      font: { name: "", stylesheetUrl: null, fallback: "Arial, Helvetica, sans-serif" },
      footer: { address: "", social: [] },
      tone: [],
    };
    expect(wcagContrast(kit.palette.text, SLATE)).toBeLessThan(2);
    const created = await member.post("/api/brand-kits", kit);
    expect(created.status).toBe(201);
    const { template: t } = await generate({ brandKitId: created.body.data.id });
    const html = t.html.toLowerCase();
    // The kit was applied: its background is the email's, its primary colour is there.
    expect(html).toContain(SLATE);
    expect(html).toContain(TEAL);

    // What the member gets, checked again from scratch: no failing text/background pair.
    const recheck = processEmail({ html: t.html, source: "existing" }).report.checks;
    expect(checkOf(recheck, "a11y.contrast")?.status, checkOf(recheck, "a11y.contrast")?.reason).toBe("pass");
    // The stored report says the same, and lists the repair.
    expect(checkOf(t.report.checks, "a11y.contrast")?.status).toBe("pass");
    expect(t.report.changes.join("\n")).toMatch(/below 4\.5:1 \(WCAG AA\): colour moved/);
    // axe-core, run on the stored email, finds no contrast failure either.
    const axe = checkOf(t.report.checks, "axe");
    expect(axe, "axe check in the stored report").toBeDefined();
    expect((axe?.items ?? []).join("\n")).not.toMatch(/color-contrast/);
  });

  it("axe-core audits only the kept email: one audit for a job whose repair pass built a second candidate", async () => {
    const renderer = server.ctx.renderer;
    const audit = renderer.audit?.bind(renderer);
    expect(audit, "the test server's renderer audits").toBeDefined();
    let audits = 0;
    renderer.audit = (req) => {
      audits += 1;
      return audit!(req);
    };
    try {
      const calls = standIn.calls.length;
      // The stand-in's light email against a dark design scores below the repair threshold: a repair pass runs.
      const { template: t } = await generate();
      expect(standIn.calls.length - calls, "model calls (first answer + repair pass)").toBe(2);
      expect(audits).toBe(1);
      const axe = checkOf(t.report.checks, "axe");
      expect(axe?.status).toMatch(/^(pass|warn)$/);
      expect(t.report.checks.filter((c) => c.id === "axe")).toHaveLength(1);
    } finally {
      renderer.audit = audit;
    }
  });
});
