import { GEMINI_HEALTH_MESSAGES } from "@mailsmith/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createModelClients } from "../src/adapters/model/model-clients.js";
import { refreshStale } from "../src/features/ai-keys/discovery.js";
import { type GeminiStandIn, STAND_IN_MODELS, type StandInModel, startGeminiStandIn } from "../stand-ins/gemini.js";
import { startTestServer, type TestClient, type TestResponse, type TestServer } from "./harness.js";

/**
 * Gemini keys and models (decisions 094, 095), through the real job path (POST /api/generate → queued job → worker →
 * pipeline → @google/genai → the stand-in): models are discovered, not hard-wired; keys Google refuses are marked
 * invalid and skipped within the same paid generation; 429 waits Google's retryDelay.
 */
let server: TestServer;
let standIn: GeminiStandIn;
let admin: TestClient;

beforeAll(async () => {
  // The stand-in lists only today's models: gemini-2.5-flash (the old hard-wired default) is retired.
  standIn = await startGeminiStandIn();
  server = await startTestServer({
    env: { GEMINI_BASE_URL: standIn.url, GEMINI_TIMEOUT_MS: "20000", RENDERER: "off" },
  });
  admin = await server.admin();
});
afterAll(async () => {
  await server?.close();
  await standIn?.close();
});

type Event = { type: string; [k: string]: any };
const last = (res: TestResponse): Event => {
  if (typeof res.body !== "string") return res.body as Event;
  return JSON.parse(res.body.trim().split("\n").at(-1)!) as Event;
};

async function generate(c: TestClient, instructions = "") {
  const fd = new FormData();
  fd.append("instructions", instructions);
  return c.request("POST", "/api/generate", fd);
}
async function balance(c: TestClient): Promise<number> {
  return (await c.get("/api/me")).body.user.currentBalance;
}
async function addKey(key: string, name = key.slice(0, 20)) {
  const res = await admin.post("/api/gemini-keys", { name, key });
  expect(res.status).toBe(201);
  return res.body as { message: string; data: { _id: string; health: any; models: string[] | null } };
}
async function keyView(id: string) {
  const list = (await admin.get("/api/gemini-keys")).body.data as { _id: string; health: any; models: any }[];
  return list.find((k) => k._id === id)!;
}
/** Only these keys active: every other key is deleted. */
async function onlyKeys(ids: string[]) {
  const list = (await admin.get("/api/gemini-keys")).body.data as { _id: string }[];
  for (const k of list) if (!ids.includes(k._id)) await admin.delete(`/api/gemini-keys/${k._id}`);
}
const models = () => admin.get("/api/gemini-models").then((r) => r.body.data);

beforeEach(() => {
  standIn.setModels(STAND_IN_MODELS);
});

describe("models are discovered, not hard-wired (decision 094)", () => {
  it("a fresh install whose old default is retired generates with the newest stable Flash, no configuration", async () => {
    const added = await addKey("standin-fresh-clone-key-0001");
    expect(added.message).toBe(GEMINI_HEALTH_MESSAGES.addedAndTested(STAND_IN_MODELS.length));
    expect(added.data.health.status).toBe("ok");
    expect(added.data.models).toContain("gemini-3-flash");
    expect(added.data.models).not.toContain("gemini-2.5-flash");

    const view = await models();
    expect(view).toMatchObject({ inUse: "gemini-3-flash", source: "automatic", automatic: "gemini-3-flash" });
    const m = await server.member();
    expect((await m.get("/api/generate/status")).body.model).toBe("gemini-3-flash");

    const before = standIn.calls.length;
    const res = await generate(m, "Spring sale");
    const done = last(res);
    expect(done).toMatchObject({ type: "done", balance: 2 });
    const call = standIn.calls[before]!;
    expect(call.model).toBe("gemini-3-flash");
    // Gemini 3 takes a thinking level (2.5's thinkingBudget is not sent).
    expect((call.body as any).generationConfig.thinkingConfig).toEqual({ thinkingLevel: "LOW" });
    const template = (await m.get(`/api/templates/${done.template._id}`)).body.data;
    expect(template.model).toBe("gemini-3-flash");
    await onlyKeys([]);
  });

  it("lists every page (pageToken) of models.list", async () => {
    const many: StandInModel[] = [
      ...STAND_IN_MODELS,
      ...Array.from({ length: 130 }, (_, i) => ({ ...STAND_IN_MODELS[6]!, name: `models/tuned-model-${i}` })),
    ];
    standIn.setModels(many);
    const before = standIn.listCalls.length;
    const added = await addKey("standin-paging-key-0002");
    const calls = standIn.listCalls.slice(before);
    expect(calls.length).toBe(2);
    expect(calls[0]!.pageToken).toBeNull();
    expect(calls[1]!.pageToken).toBeTruthy();
    expect(added.data.models).toHaveLength(many.length);
    await onlyKeys([]);
  });

  it("a chosen model Google retires (NOT_FOUND) is skipped with a notice and the paid generation still succeeds", async () => {
    const { data: key } = await addKey("standin-retire-key-0003");
    const chose = await admin.put("/api/gemini-models/choice", { model: "gemini-3-pro" });
    expect(chose.status).toBe(200);
    expect(chose.body.data).toMatchObject({ inUse: "gemini-3-pro", source: "admin", chosen: "gemini-3-pro" });
    // A model no key lists cannot be chosen.
    const refused = await admin.put("/api/gemini-models/choice", { model: "gemini-2.5-flash" });
    expect([refused.status, refused.body.message]).toEqual([400, GEMINI_HEALTH_MESSAGES.modelNotListed]);

    // Google retires gemini-3-pro after the key listed it: the first call answers 404, the same key goes on.
    standIn.setModels(STAND_IN_MODELS.filter((x) => x.name !== "models/gemini-3-pro"));
    const m = await server.member();
    const before = standIn.calls.length;
    expect(last(await generate(m))).toMatchObject({ type: "done", balance: 2 });
    expect(standIn.calls.slice(before).map((c) => c.model)).toEqual(["gemini-3-pro", "gemini-3-flash"]);
    let view = await models();
    expect(view.notices[0]).toMatchObject({
      model: "gemini-3-pro",
      message: GEMINI_HEALTH_MESSAGES.noticeNotFound("gemini-3-pro", "gemini-3-flash"),
    });
    expect(view.inUse).toBe("gemini-3-flash");
    // The next generation does not try the retired model again.
    const next = standIn.calls.length;
    expect(last(await generate(m))).toMatchObject({ type: "done", balance: 1 });
    expect(standIn.calls.slice(next).map((c) => c.model)).toEqual(["gemini-3-flash"]);

    // Once the lists are refreshed the key no longer lists it; the admin's choice stays, the model in use does not.
    expect((await admin.post("/api/gemini-models/refresh")).status).toBe(200);
    expect((await keyView(key._id)).models).not.toContain("gemini-3-pro");
    view = await models();
    expect(view).toMatchObject({ source: "admin", chosen: "gemini-3-pro", inUse: "gemini-3-flash" });
    await admin.put("/api/gemini-models/choice", { model: null });
    expect(await models()).toMatchObject({ source: "automatic", chosen: null, inUse: "gemini-3-flash" });
    await onlyKeys([]);
  });
});

describe("discovery shared by every instance", () => {
  it("a list older than the TTL is fetched again by exactly one of several instances", async () => {
    const { data } = await addKey("standin-shared-list-0011");
    await server.ctx.db.execute(
      sql`update gemini_keys set checked_at = now() - interval '2 hours' where id = ${data._id}`,
    );
    const clients = createModelClients({ GEMINI_BASE_URL: standIn.url, OPENAI_COMPATIBLE_ALLOWED_ORIGINS: [] });
    const before = standIn.listCalls.length;
    // Three instances' sweeps at once (one database): one claims the key and lists its models.
    await Promise.all([1, 2, 3].map(() => refreshStale(server.ctx, clients, 60 * 60 * 1000)));
    expect(standIn.listCalls.slice(before).filter((c) => c.apiKey === "standin-shared-list-0011")).toHaveLength(1);
    // A fresh list is not fetched again.
    await refreshStale(server.ctx, clients, 60 * 60 * 1000);
    expect(standIn.listCalls.slice(before)).toHaveLength(1);
    await onlyKeys([]);
  });
});

describe("GEMINI_MODEL still overrides (decision 094)", () => {
  it("a listed GEMINI_MODEL is used; one no key lists is skipped with a notice, the generation succeeds", async () => {
    for (const [model, used, notice] of [
      ["gemini-3.1-flash-lite", "gemini-3.1-flash-lite", null],
      [
        "gemini-2.5-flash",
        "gemini-3-flash",
        GEMINI_HEALTH_MESSAGES.noticeNotListed("gemini-2.5-flash", "gemini-3-flash"),
      ],
    ] as const) {
      const pinned = await startTestServer({
        env: { GEMINI_BASE_URL: standIn.url, GEMINI_MODEL: model, GEMINI_TIMEOUT_MS: "20000", RENDERER: "off" },
      });
      try {
        const a = await pinned.admin();
        expect((await a.post("/api/gemini-keys", { name: "k", key: `standin-pinned-${model}` })).status).toBe(201);
        const before = standIn.calls.length;
        expect(last(await generate(await pinned.member()))).toMatchObject({ type: "done" });
        expect(standIn.calls.slice(before).map((c) => c.model)).toEqual([used]);
        const view = (await a.get("/api/gemini-models")).body.data;
        expect(view).toMatchObject({ env: model, source: "env" });
        if (notice) expect(view.notices.map((n: { message: string }) => n.message)).toContain(notice);
      } finally {
        await pinned.close();
      }
    }
  });
});

describe("key health (decision 095)", () => {
  it("a key Google refuses on add is shown invalid with the reason and never used while a good key exists", async () => {
    const bad = await addKey("standin-invalid-key-0004");
    expect(bad.message).toBe(
      GEMINI_HEALTH_MESSAGES.addedButInvalid("400 API_KEY_INVALID: API key not valid. Please pass a valid API key."),
    );
    expect(bad.data.health).toMatchObject({ status: "invalid", reason: expect.stringContaining("API_KEY_INVALID") });
    expect(bad.data.health.invalidAt).toBeTruthy();
    const leaked = await addKey("standin-fail-403-leaked-0005");
    expect(leaked.data.health).toMatchObject({
      status: "invalid",
      reason: expect.stringContaining("PERMISSION_DENIED"),
    });
    // Google's text for a suspended key names the key: stored and shown masked.
    const suspended = await admin.post("/api/gemini-keys", { name: "s", key: "standin-suspended-SECRET-0012" });
    expect(suspended.body.data.health.reason).toBe(
      "403 CONSUMER_SUSPENDED: Permission denied: Consumer 'api_key:standin-…0012' has been suspended.",
    );
    expect(JSON.stringify(suspended.body)).not.toContain("SECRET");
    expect(JSON.stringify((await admin.get("/api/gemini-keys")).body)).not.toContain("SECRET");
    await addKey("standin-good-key-0006");
    const m = await server.member();
    await setCredits(m, 6);
    const before = standIn.calls.length;
    for (let i = 0; i < 4; i++) expect(last(await generate(m))).toMatchObject({ type: "done" });
    expect(new Set(standIn.calls.slice(before).map((c) => c.apiKey))).toEqual(new Set(["standin-good-key-0006"]));
    await onlyKeys([]);
  });

  it("a key revoked after it was added fails over to another key within the same paid generation", async () => {
    // Both keys test fine on add; then one is deleted in Google AI Studio. On the old code (400 was final) the
    // generation that picked it first failed — a random share of paid generations.
    const dead = await addKey("standin-soon-revoked-0007");
    const good = await addKey("standin-stays-good-0008");
    standIn.revoke("standin-soon-revoked-0007");
    const m = await server.member();
    await setCredits(m, 40);
    let sawDead = false;
    for (let i = 0; i < 30 && !sawDead; i++) {
      const before = standIn.calls.length;
      const res = await generate(m);
      expect(last(res)).toMatchObject({ type: "done" });
      const keys = standIn.calls.slice(before).map((c) => c.apiKey);
      if (keys[0] === "standin-soon-revoked-0007") {
        expect(keys).toEqual(["standin-soon-revoked-0007", "standin-stays-good-0008"]);
        sawDead = true;
      } else expect(keys).toEqual(["standin-stays-good-0008"]);
    }
    expect(sawDead).toBe(true);
    const view = await keyView(dead.data._id);
    expect(view.health).toMatchObject({ status: "invalid", reason: expect.stringContaining("API_KEY_INVALID") });
    // From then on it is skipped.
    const before = standIn.calls.length;
    for (let i = 0; i < 3; i++) expect(last(await generate(m))).toMatchObject({ type: "done" });
    expect(standIn.calls.slice(before).map((c) => c.apiKey)).toEqual(Array(3).fill("standin-stays-good-0008"));

    // When every key is invalid they are still tried: a key that works again is marked OK.
    await onlyKeys([dead.data._id]);
    standIn.restore("standin-soon-revoked-0007");
    expect(last(await generate(m))).toMatchObject({ type: "done" });
    expect((await keyView(dead.data._id)).health).toMatchObject({ status: "ok", reason: null, invalidAt: null });
    expect(good.data.health.status).toBe("ok");
    await onlyKeys([]);
  });

  it("repeated failures mark a key invalid; a failed generation is refunded", async () => {
    const { data } = await addKey("standin-fail-503-flaky-0009");
    const m = await server.member();
    await setCredits(m, 5);
    for (let i = 0; i < 5; i++) {
      expect(last(await generate(m))).toMatchObject({ type: "error", refunded: true, balance: 5 });
    }
    expect((await keyView(data._id)).health).toMatchObject({
      status: "invalid",
      reason: GEMINI_HEALTH_MESSAGES.reasonRepeated(5, "503 UNAVAILABLE"),
      failStreak: 5,
    });
    await onlyKeys([]);
  });

  it("a 429 waits Google's RetryInfo delay before trying again (one key: the same key once more)", async () => {
    const { data } = await addKey("standin-fail-429-retry-1s-only");
    const m = await server.member();
    const before = standIn.calls.length;
    expect(last(await generate(m))).toMatchObject({ type: "error", refunded: true, balance: 3 });
    const calls = standIn.calls.slice(before);
    // One key: the same key once more, after at least the 1 s Google asked for.
    expect(calls.map((c) => c.apiKey)).toEqual(["standin-fail-429-retry-1s-only", "standin-fail-429-retry-1s-only"]);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(1000);
    expect((await keyView(data._id)).health.failStreak).toBe(0);
    await onlyKeys([]);
  });

  it("an HTML error page in front of Google reaches the admin as words, never the page (decision 131)", async () => {
    const { message, data } = await addKey("standin-fail-html-0012");
    expect(message).toBe(GEMINI_HEALTH_MESSAGES.addedButUnchecked(`502: ${GEMINI_HEALTH_MESSAGES.noErrorMessage}`));
    expect((await keyView(data._id)).health).toMatchObject({
      status: "check_failed",
      reason: `502: ${GEMINI_HEALTH_MESSAGES.noErrorMessage}`,
    });
    expect(JSON.stringify((await admin.get("/api/gemini-keys")).body)).not.toMatch(/<html|<title|<h1/i);
    await onlyKeys([]);
  });

  it("a models.list that is not a list, or empty, is a failed check in words, not OK and not unreachable (issue 44)", async () => {
    for (const key of ["standin-models-not-list-0013", "standin-models-empty-0014"]) {
      const { message, data } = await addKey(key);
      expect(message, key).toBe(GEMINI_HEALTH_MESSAGES.addedButUnchecked(GEMINI_HEALTH_MESSAGES.noModelList));
      expect(data.health, key).toMatchObject({ status: "check_failed", reason: GEMINI_HEALTH_MESSAGES.noModelList });
      expect(data.models, key).toBeNull();
    }
    await onlyKeys([]);
  });

  it("Test key reports whether Google accepts the key", async () => {
    const { data } = await addKey("standin-test-me-0010");
    standIn.revoke("standin-test-me-0010");
    const res = await admin.post(`/api/gemini-keys/${data._id}/test`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ok: false,
      message: GEMINI_HEALTH_MESSAGES.testInvalid(
        "400 API_KEY_INVALID: API key not valid. Please pass a valid API key.",
      ),
      data: { health: { status: "invalid" } },
    });
    standIn.restore("standin-test-me-0010");
    const again = await admin.post(`/api/gemini-keys/${data._id}/test`);
    expect(again.body).toMatchObject({
      ok: true,
      message: GEMINI_HEALTH_MESSAGES.testOk(STAND_IN_MODELS.length),
      data: { health: { status: "ok", reason: null } },
    });
    const m = await server.member();
    expect((await m.post(`/api/gemini-keys/${data._id}/test`)).status).toBe(403);
    await onlyKeys([]);
  });
});

async function setCredits(c: TestClient, target: number) {
  const id = (await c.get("/api/me")).body.user._id as string;
  const diff = target - (await balance(c));
  if (diff !== 0) {
    await server.ctx.credits.apply({
      userId: id,
      delta: diff,
      reason: "admin_adjustment",
      sourceKey: `test:${id}:${Date.now()}:${Math.random()}`,
    });
  }
}
