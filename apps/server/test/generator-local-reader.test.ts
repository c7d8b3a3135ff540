import { LOCAL_READER_MESSAGES, type TEditablePart } from "@mailsmith/shared";
import * as cheerio from "cheerio";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { generations } from "../src/db/schema/index.js";
import { workers } from "../src/features/generator/runtime.js";
import { type GeminiStandIn, startGeminiStandIn } from "../stand-ins/gemini.js";
import { inlineImages } from "./fidelity-helpers.js";
import { loadCorpus } from "./fixtures/email-corpus/load.js";
import { visibleText, words } from "./fixtures/email-corpus/visible-text.js";
import { designForm, templateOfJob } from "./generator-helpers.js";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

/**
 * The local reader (decision 122). With no AI key the local reader writes the email from a real design (a corpus
 * template rendered to a picture): live text, hosted crops, bulletproof buttons with their links to fill in, lang, a
 * phone-wide fit, priced as the admin set it and refunded on failure; designs it cannot read are refused before any
 * credit. With a key, every prompt the model gets carries the reader's layout.
 */
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

/** A newsletter with a logo, a hero picture, headings, text and a button (Foundation's marketing template). */
const CORPUS_ID = "foundation-marketing";

let server: TestServer;
let standIn: GeminiStandIn;
let admin: TestClient;
let design: Buffer;
let designWords: string[];

type Check = { id: string; status: string; items?: string[] };
type Template = {
  _id: string;
  html: string;
  model: string;
  report: { checks: Check[]; render: { mobileOverflowPx?: number } | null; previews?: { mobile?: string } };
};

beforeAll(async () => {
  standIn = await startGeminiStandIn();
  // The stand-in is reachable, but no key is added until the grounding test: generations start with no key at all.
  server = await startTestServer({
    env: { GEMINI_BASE_URL: standIn.url, GEMINI_TIMEOUT_MS: "60000", GENERATION_POLL_MS: "150" },
  });
  admin = await server.admin();
  const [template] = await loadCorpus({ only: (m) => m.id === CORPUS_ID });
  const html = await inlineImages(template!.html);
  design = (await server.ctx.renderer.render({ html, width: 600, maxHeightPx: 4000 })).png;
  designWords = words(visibleText(template!.html));
});
afterAll(async () => {
  await server?.close();
  await standIn?.close();
});

const balance = async (c: TestClient): Promise<number> => (await c.get("/api/me")).body.user.currentBalance;

async function start(member: TestClient, png = design, fields: Record<string, string> = {}) {
  return member.request("POST", "/api/generations", designForm(png, fields));
}

/** Share of the design's words the email shows (each word counted as often as it appears). */
function wordRecall(html: string): number {
  const shown = new Map<string, number>();
  for (const w of words(visibleText(html))) shown.set(w, (shown.get(w) ?? 0) + 1);
  let found = 0;
  for (const w of designWords) {
    const n = shown.get(w) ?? 0;
    if (n > 0) {
      found += 1;
      shown.set(w, n - 1);
    }
  }
  return found / designWords.length;
}

/** The member of the first generation and its template (the refinement test refines it: one reading less). */
let member: TestClient;
let template: Template;

describe("with no AI key, the local reader writes the email", () => {
  beforeAll(async () => {
    member = await server.member();
    const status = (await member.get("/api/generate/status")).body;
    expect(status).toMatchObject({ available: true, engine: "local-reader", creditsPerGeneration: 1 });
    const before = await balance(member);
    const res = await start(member, design, { instructions: "Make it pop" });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.data.balance).toBe(before - 1);
    expect(res.body.data.jobs[0].engine).toBe("local-reader");
    template = await templateOfJob<Template>(member, res.body.data.jobs[0]._id);
  });

  it("is written by the local reader, in live text with most of the design's words, with lang set", () => {
    expect(template.model).toBe("local-reader");
    const $ = cheerio.load(template.html);
    expect($("html").attr("lang")).toBe("en");
    expect($("h1").length).toBe(1);
    // The picture is read, not pasted: the words are text in the email.
    expect(wordRecall(template.html)).toBeGreaterThan(0.7);
  });

  it("hosts the pictures it cropped from the design and builds buttons as filled cells with a link to fill in", () => {
    const $ = cheerio.load(template.html);
    const srcs = $("img")
      .map((_i, el) => $(el).attr("src"))
      .get();
    expect(srcs.length).toBeGreaterThan(0);
    for (const src of srcs) expect(src).toMatch(new RegExp(`^${server.url}/uploads/generated/`));
    const buttons = $('a[href="https://example.com/"]').filter((_i, a) => Boolean($(a).closest("td[bgcolor]").length));
    expect(buttons.length).toBeGreaterThan(0);
    const links = template.report.checks.find((c) => c.id === "links.fill-in");
    expect(links?.status).toBe("warn");
    expect(links?.items).toContain($(buttons[0]).text().trim());
    expect(template.report.checks.find((c) => c.id === "content.instructions")?.status).toBe("warn");
  });

  it("fits a 375 px phone without sideways scrolling", () => {
    expect(template.report.render?.mobileOverflowPx).toBe(0);
    expect(template.report.previews?.mobile).toBeTruthy();
  });

  it("scores the member's edits with the design's words, as the generation was (decision 155)", async () => {
    type Scored = { _id: string; score: number | null; scoreParts: { text: number | null } | null };
    const root = (await member.get(`/api/templates/${template._id}`)).body.data as Scored;
    expect(root.scoreParts?.text).toEqual(expect.any(Number));
    const parts = (await member.get(`/api/templates/${template._id}/parts`)).body.data.parts as TEditablePart[];
    const text = parts.find((p) => p.kind === "text");
    const edited = await member.post(`/api/templates/${template._id}/edits`, {
      edits: [{ op: "text", id: text!.id, text: "A new first line" }],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(201);
    const small = edited.body.data as Scored;
    // Scored on pictures alone before: "no text to compare" for a design full of words.
    expect(small.scoreParts?.text).toEqual(expect.any(Number));
    expect(small.scoreParts!.text!).toBeGreaterThan(root.scoreParts!.text! - 15);

    // Keeping only the first section loses most of the design's words: the text part and the score say so.
    const sections = parts.filter((p) => p.kind === "section");
    expect(sections.length).toBeGreaterThan(2);
    const cut = await member.post(`/api/templates/${template._id}/edits`, {
      edits: [{ op: "sections", order: [sections[0]!.id] }],
    });
    expect(cut.status, JSON.stringify(cut.body)).toBe(201);
    const bare = cut.body.data as Scored;
    expect(bare.scoreParts!.text!).toBeLessThan(small.scoreParts!.text! - 30);
    expect(bare.score!).toBeLessThan(small.score! - 20);

    // A template made before readings were kept: its design is read once, for the edit, and kept with it.
    await server.ctx.db.update(generations).set({ designLayout: null }).where(eq(generations.id, template._id));
    const older = await member.post(`/api/templates/${template._id}/edits`, {
      edits: [{ op: "text", id: text!.id, text: "Another first line" }],
    });
    expect(older.status, JSON.stringify(older.body)).toBe(201);
    expect((older.body.data as Scored).scoreParts?.text).toEqual(expect.any(Number));
    const [kept] = await server.ctx.db
      .select({ layout: generations.designLayout })
      .from(generations)
      .where(eq(generations.id, older.body.data._id));
    expect(kept?.layout?.text).toMatch(/\w{3,}/);
  });
});

describe("what the local reader costs and refuses", () => {
  it("charges what the admin set (0 or 2 credits), and the change is in the audit log", async () => {
    const buyer = await server.member();
    // Each job is cancelled once its charge is seen (the reading is not what this test is about).
    const cancel = (id: string) => buyer.post(`/api/generations/${id}/cancel`, {});
    expect((await admin.put("/api/local-reader", { credits: 0, mode: "fallback" })).status).toBe(200);
    expect((await buyer.get("/api/generate/status")).body.creditsPerGeneration).toBe(0);
    const before = await balance(buyer);
    const free = await start(buyer);
    expect(free.status, JSON.stringify(free.body)).toBe(202);
    expect(free.body.data.balance).toBe(before);
    await cancel(free.body.data.jobs[0]._id);
    // A free job holds no credit: cancelling gives nothing back.
    expect(await balance(buyer)).toBe(before);

    expect((await admin.put("/api/local-reader", { credits: 2, mode: "fallback" })).status).toBe(200);
    const paid = await start(buyer);
    expect(paid.status).toBe(202);
    expect(paid.body.data.balance).toBe(before - 2);
    await cancel(paid.body.data.jobs[0]._id);
    expect(await balance(buyer)).toBe(before);

    const audit = (await admin.get("/api/admin/audit-log?action=local_reader.update")).body;
    expect(JSON.stringify(audit)).toContain('"credits":2');
    expect((await admin.put("/api/local-reader", { credits: -1, mode: "fallback" })).status).toBe(400);
    expect((await admin.put("/api/local-reader", { credits: 1, mode: "fallback" })).status).toBe(200);
  });

  it("gives the credit back when the generation fails", async () => {
    const failing = await server.member();
    const before = await balance(failing);
    const worker = workers.get(server.ctx)!;
    await worker.stop();
    try {
      const res = await start(failing);
      expect(res.status).toBe(202);
      // The stored design disappears before the job runs: reading fails.
      const [job] = await server.ctx.db.query.generationJobs.findMany({
        where: (j, { eq }) => eq(j.id, res.body.data.jobs[0]._id),
      });
      await server.ctx.storage.delete(job!.uploads[0]!.key);
      worker.start();
      const until = Date.now() + 120_000;
      let status = "";
      while (Date.now() < until) {
        status = (await failing.get(`/api/generations/${job!.id}`)).body.data.status;
        if (status === "failed") break;
        await new Promise((r) => setTimeout(r, 150));
      }
      expect(status).toBe("failed");
      expect(await balance(failing)).toBe(before);
    } finally {
      worker.start();
    }
  });

  it("refuses a blank design with the reader's message and takes no credit", async () => {
    const other = await server.member();
    const before = await balance(other);
    const blank = await sharp({ create: { width: 600, height: 900, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer();
    const res = await start(other, blank);
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/\S/);
    expect(await balance(other)).toBe(before);
  });

  it("refuses a refinement (instructions need a model) before any credit is taken", async () => {
    const before = await balance(member);
    const refine = await member.post(`/api/templates/${template._id}/refinements`, { instructions: "Make it blue" });
    expect(refine.status).toBe(503);
    expect(refine.body.message).toBe(LOCAL_READER_MESSAGES.refineNeedsModel);
    expect(await balance(member)).toBe(before);
  });
});

describe("with a key, the model is grounded in the reader's layout", () => {
  it("every prompt (first pass and repair pass) carries the layout and the design's text; the model's name is shown", async () => {
    expect(
      (await admin.post("/api/gemini-keys", { name: "k", key: "standin-local-reader-key-0123456789" })).status,
    ).toBe(201);
    const writer = await server.member();
    expect((await writer.get("/api/generate/status")).body.engine).toBe("model");
    const callsBefore = standIn.calls.length;
    const res = await start(writer);
    expect(res.status).toBe(202);
    expect(res.body.data.jobs[0].engine).toBe("model");
    const written = await templateOfJob<Template>(writer, res.body.data.jobs[0]._id);
    expect(written.model).not.toBe("local-reader");
    const prompts = standIn.calls.slice(callsBefore).map((c) => c.prompt);
    expect(prompts.length).toBeGreaterThanOrEqual(2);
    for (const prompt of prompts) {
      expect(prompt).toContain("Design 1 as the design reader measured it");
      expect(prompt).toMatch(/- Section 1: y \d+–\d+, background #[0-9a-f]{6}, full width\./);
      expect(prompt).toContain("All the design's text in reading order:");
    }
    // The repair pass also sends close-ups of the sections that differ most.
    const repair = standIn.calls.slice(callsBefore).find((c) => c.prompt.includes("A first version of this email"));
    expect(repair?.prompt).toMatch(/Then come \d pairs? of crops/);
    expect(repair!.imageCount).toBeGreaterThan(2);
  });
});
