import { randomUUID } from "node:crypto";
import { GENERATOR_MESSAGES, TEMPLATE_UNDO } from "@mailsmith/shared";
import { eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { untracked } from "../src/core/storage/stored-objects.js";
import { generationJobs, generations, storedObjects, user } from "../src/db/schema/index.js";
import { purgeDeletedTemplates } from "../src/features/generator/history/purge.js";
import { sweepStorage } from "../src/features/uploads/sweep.js";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

/**
 * Storage lifecycle (issue 39 item 1, decision 104): every stored object is recorded with its owner; the sweep deletes
 * what no row references only after the grace period, keeps what rows show (a profile photo in use, a template's
 * crops, previews two templates share, a running job's designs); two sweeps at once delete each object once; a
 * deleted template can be undone (its pictures hidden meanwhile), then goes with its pictures while its crops stay
 * for the emails already sent. The clock is passed in (`now`), never waited for.
 */

const HOUR = 60 * 60 * 1000;
const GRACE = 24 * HOUR; // STORAGE_SWEEP_GRACE_HOURS default
const at = (ms: number) => new Date(Date.now() + ms);

let server: TestServer;
let png: Buffer;

beforeAll(async () => {
  server = await startTestServer({
    // No scheduled sweep: the tests run it with their own clock. Small batches, so several are needed.
    env: { RENDERER: "off", STORAGE_SWEEP_INTERVAL_MINUTES: "0", STORAGE_SWEEP_BATCH: "4" },
  });
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#2255aa" } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await server?.close();
});

async function userId(c: TestClient): Promise<string> {
  return (await c.get("/api/me")).body.user._id;
}
/** Stores an object as the features do, and answers its address on this server. */
async function put(folder: string, ownerId: string | null, ext = "png") {
  const key = `${folder}/${randomUUID()}.${ext}`;
  const file = await server.ctx.storage.put({ key, body: png, contentType: "image/png", ownerId });
  return { key, url: new URL(file.url, server.url).href };
}
const served = async (url: string) => (await fetch(url)).status;
const stored = async (key: string) => (await server.ctx.storage.read!(key)) !== null;
const recorded = async (keys: string[]) =>
  server.ctx.db.select().from(storedObjects).where(inArray(storedObjects.key, keys));

/** A saved template of the member (imported, free), with a thumbnail, two previews and two crops in its HTML. */
async function template(m: TestClient) {
  const owner = await userId(m);
  const res = await m.post("/api/templates/import", { html: "<html><body><h1>Spring sale</h1></body></html>" });
  expect(res.status).toBe(201);
  const id = res.body.data._id as string;
  const thumb = await put("thumbs", owner, "webp");
  const desktop = await put("previews", owner, "webp");
  const mobile = await put("previews", owner, "webp");
  const crops = [await put("generated", owner), await put("generated", owner)];
  await server.ctx.db
    .update(generations)
    .set({
      thumbnailUrl: thumb.url,
      report: { ...(res.body.data.report as object), previews: { desktop: desktop.url, mobile: mobile.url } } as never,
      html: `<html><body><h1>Spring sale</h1>${crops.map((c) => `<img src="${c.url}" alt="">`).join("")}</body></html>`,
      images: crops.map((c, i) => ({
        slot: i + 1,
        url: c.url,
        key: c.key,
        kind: "photo",
        alt: "",
        width: 40,
        height: 30,
      })),
    })
    .where(eq(generations.id, id));
  return { id, pictures: [thumb, desktop, mobile], crops };
}

describe("every stored object has an owner", () => {
  it("a profile photo upload is recorded with its member, kind and size; admins see storage per member", async () => {
    const m = await server.member();
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "me.png");
    const res = await m.post("/api/image-server/upload", form);
    expect(res.status).toBe(201);
    const key = new URL(res.body.file.url, server.url).pathname.replace("/uploads/", "");
    const [row] = await recorded([key]);
    expect(row).toMatchObject({ ownerId: await userId(m), kind: "profile", bytes: res.body.file.size });

    // The admin's user list shows what each member's files use; a member's own record does not.
    const admin = await server.admin();
    const users = (await admin.get("/api/users")).body as { _id: string; storage?: unknown }[];
    expect(users.find((u) => u._id === row!.ownerId)?.storage).toEqual({ bytes: res.body.file.size, objects: 1 });
    const own = (await m.get(`/api/users?userEmail=${encodeURIComponent(m.email)}`)).body;
    expect(own[0].storage).toBeUndefined();
  });
});

describe("recording puts", () => {
  it("a put refused because the key exists keeps that object's row; a failed put leaves none", async () => {
    const m = await server.member();
    const first = await put("profile", await userId(m));
    await expect(
      server.ctx.storage.put({ key: first.key, body: png, contentType: "image/png", ownerId: null }),
    ).rejects.toThrow();
    expect(await recorded([first.key])).toHaveLength(1);
    expect(await served(first.url)).toBe(200);

    const bad = "profile/NOT A KEY.png";
    await expect(server.ctx.storage.put({ key: bad, body: png, contentType: "image/png" })).rejects.toThrow();
    expect(await recorded([bad])).toEqual([]);
  });
});

describe("the sweep", () => {
  it("deletes a replaced profile photo only after the grace period; the photo in use stays", async () => {
    const m = await server.member();
    const id = await userId(m);
    const old = await put("profile", id);
    const current = await put("profile", id);
    const profile = (url: string) =>
      m.put(`/api/update-user-profile/${id}`, { userName: "Photo Owner", profileURL: url });
    expect((await profile(old.url.replace(server.url, ""))).status).toBe(200);
    expect((await profile(current.url.replace(server.url, ""))).status).toBe(200);

    const t0 = new Date();
    await sweepStorage(server.ctx, t0);
    expect(await stored(old.key)).toBe(true);
    const [marked] = await recorded([old.key]);
    expect(marked?.unreferencedSince?.getTime()).toBe(t0.getTime());

    // Just before the grace period is over: still there and still served.
    const early = await sweepStorage(server.ctx, new Date(t0.getTime() + GRACE - 60_000));
    expect(early.deleted).not.toContain(old.key);
    expect(await served(old.url)).toBe(200);

    const late = await sweepStorage(server.ctx, new Date(t0.getTime() + GRACE + 60_000));
    expect(late.deleted).toContain(old.key);
    expect(await stored(old.key)).toBe(false);
    expect(await served(old.url)).toBe(404);
    expect(await recorded([old.key])).toEqual([]);
    // The photo the profile shows is never unreferenced.
    expect(late.deleted).not.toContain(current.key);
    expect(await served(current.url)).toBe(200);
    expect((await recorded([current.key]))[0]?.unreferencedSince).toBeNull();
  });

  it("keeps a template's crops and the previews a copy shares, and a running job's designs", async () => {
    const m = await server.member();
    const t = await template(m);
    const copy = (await m.post(`/api/templates/${t.id}/duplicate`)).body.data;
    expect(copy.thumbnailUrl).toBe(t.pictures[0]!.url);
    // The original goes for good; the copy still shows the same thumbnail and previews (counted, not owned).
    expect((await m.delete(`/api/templates/${t.id}`)).status).toBe(200);
    await purgeDeletedTemplates(server.ctx, at(TEMPLATE_UNDO.windowSeconds * 1000 + 60_000));

    const owner = await userId(m);
    const running = await put("designs", owner);
    const failedLongAgo = await put("designs", owner);
    const jobBase = { userId: owner, emailType: "Newsletter", charged: false };
    await server.ctx.db.insert(generationJobs).values([
      {
        ...jobBase,
        status: "running",
        uploads: [{ key: running.key, url: running.url, mimeType: "image/png", width: 40, height: 30 }],
      },
      {
        ...jobBase,
        status: "failed",
        finishedAt: at(-8 * 24 * HOUR),
        uploads: [{ key: failedLongAgo.key, url: failedLongAgo.url, mimeType: "image/png", width: 40, height: 30 }],
      },
    ]);

    const kept = [...t.pictures, ...t.crops, running].map((o) => o.key);
    const t0 = at(TEMPLATE_UNDO.windowSeconds * 1000 + 2 * 60_000);
    await sweepStorage(server.ctx, t0);
    const after = await sweepStorage(server.ctx, new Date(t0.getTime() + GRACE + HOUR));
    for (const key of kept) {
      expect(after.deleted).not.toContain(key);
      expect(await stored(key)).toBe(true);
    }
    // A failed job's designs are kept a week for a Retry, then go with the sweep.
    expect(after.deleted).toContain(failedLongAgo.key);
    for (const p of t.pictures) expect(await served(p.url)).toBe(200);
  });

  it("records a referenced file stored before the table existed, and sweeps it once nothing references it", async () => {
    const m = await server.member();
    const id = await userId(m);
    const key = `profile/${randomUUID()}.png`;
    const file = await untracked(server.ctx.storage).put({ key, body: png, contentType: "image/png" });
    const profile = (url: string) =>
      m.put(`/api/update-user-profile/${id}`, { userName: "Old Timer", profileURL: url });
    expect((await profile(file.url)).status).toBe(200);
    expect(await recorded([key])).toEqual([]);

    const t0 = at(5 * GRACE);
    const first = await sweepStorage(server.ctx, t0);
    expect(first.recorded).toBeGreaterThanOrEqual(1);
    expect((await recorded([key]))[0]).toMatchObject({ ownerId: id, kind: "profile", unreferencedSince: null });

    expect((await profile("")).status).toBe(200);
    await sweepStorage(server.ctx, new Date(t0.getTime() + HOUR));
    const gone = await sweepStorage(server.ctx, new Date(t0.getTime() + 2 * HOUR + GRACE));
    expect(gone.deleted).toContain(key);
    expect(await stored(key)).toBe(false);
  });

  it("run by two instances at once, deletes each object once, with no errors", async () => {
    const objects = await Promise.all(Array.from({ length: 23 }, () => put("profile", null)));
    const keys = objects.map((o) => o.key);
    const t0 = at(3 * GRACE);
    await sweepStorage(server.ctx, t0);
    const later = new Date(t0.getTime() + GRACE + HOUR);
    const counted = async () => (await server.ctx.metrics.sweepDeleted.get()).values[0]?.value ?? 0;
    const before = await counted();
    const [a, b] = await Promise.all([sweepStorage(server.ctx, later), sweepStorage(server.ctx, later)]);
    expect(a.failed + b.failed).toBe(0);
    // /metrics counts each deletion once too.
    expect((await counted()) - before).toBe(a.deleted.length + b.deleted.length);
    const mine = [...a.deleted, ...b.deleted].filter((k) => keys.includes(k));
    expect(mine.sort()).toEqual([...keys].sort());
    expect(new Set(mine).size).toBe(keys.length);
    for (const key of keys) expect(await stored(key)).toBe(false);
    expect(await recorded(keys)).toEqual([]);
  });
});

describe("deleting a template with undo", () => {
  it("hides its pictures, undo shows them again; after the undo window it goes, its crops are kept for sent emails", async () => {
    const m = await server.member();
    const t = await template(m);
    for (const p of [...t.pictures, ...t.crops]) expect(await served(p.url)).toBe(200);

    const del = await m.delete(`/api/templates/${t.id}`);
    expect(del.status).toBe(200);
    expect(del.body.message).toBe(GENERATOR_MESSAGES.deleted);
    expect(new Date(del.body.undoUntil).getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    for (const p of t.pictures) expect(await served(p.url)).toBe(404);
    // Crops are in emails the member may have sent: still served.
    for (const c of t.crops) expect(await served(c.url)).toBe(200);
    expect((await m.get(`/api/templates/${t.id}`)).status).toBe(404);
    expect((await m.get("/api/templates")).body.data.map((x: { _id: string }) => x._id)).not.toContain(t.id);
    // Nobody else can undo it.
    const other = await server.member();
    expect((await other.post(`/api/templates/${t.id}/restore`)).status).toBe(404);

    const undo = await m.post(`/api/templates/${t.id}/restore`);
    expect(undo.status).toBe(200);
    expect(undo.body.message).toBe(TEMPLATE_UNDO.restored);
    for (const p of t.pictures) expect(await served(p.url)).toBe(200);
    expect((await m.get(`/api/templates/${t.id}`)).status).toBe(200);

    expect((await m.delete(`/api/templates/${t.id}`)).status).toBe(200);
    const windowEnd = at(TEMPLATE_UNDO.windowSeconds * 1000);
    // Within the window the purge leaves it alone.
    expect(await purgeDeletedTemplates(server.ctx, new Date(windowEnd.getTime() - 60_000))).toBe(0);
    expect(await purgeDeletedTemplates(server.ctx, new Date(windowEnd.getTime() + 60_000))).toBeGreaterThanOrEqual(1);
    expect((await m.post(`/api/templates/${t.id}/restore`)).status).toBe(404);
    for (const p of t.pictures) {
      expect(await served(p.url)).toBe(404);
      expect(await stored(p.key)).toBe(false);
    }

    // The crops outlive the window and the grace period: held STORAGE_SENT_IMAGE_DAYS (365), then swept.
    const cropKeys = t.crops.map((c) => c.key);
    const held = await recorded(cropKeys);
    expect(held).toHaveLength(2);
    const keepUntil = held[0]!.keepUntil!;
    expect(keepUntil.getTime()).toBeGreaterThan(windowEnd.getTime() + 364 * 24 * HOUR);
    const afterGrace = new Date(windowEnd.getTime() + GRACE + 2 * HOUR);
    await sweepStorage(server.ctx, afterGrace);
    const stillHeld = await sweepStorage(server.ctx, new Date(afterGrace.getTime() + GRACE));
    for (const key of cropKeys) expect(stillHeld.deleted).not.toContain(key);
    for (const c of t.crops) expect(await served(c.url)).toBe(200);

    const yearLater = new Date(keepUntil.getTime() + HOUR);
    await sweepStorage(server.ctx, yearLater);
    const gone = await sweepStorage(server.ctx, new Date(yearLater.getTime() + GRACE + HOUR));
    expect(gone.deleted).toEqual(expect.arrayContaining(cropKeys));
    for (const c of t.crops) expect(await served(c.url)).toBe(404);
  });

  it("a deleted account's files go with the sweep, the held crops of its deleted templates included", async () => {
    const m = await server.member();
    const t = await template(m);
    expect((await m.delete(`/api/templates/${t.id}`)).status).toBe(200);
    await purgeDeletedTemplates(server.ctx, at(TEMPLATE_UNDO.windowSeconds * 1000 + 60_000));
    const cropKeys = t.crops.map((c) => c.key);
    expect((await recorded(cropKeys)).every((r) => r.keepUntil !== null)).toBe(true);

    await server.ctx.db.delete(user).where(eq(user.id, await userId(m)));
    const t0 = at(7 * GRACE);
    await sweepStorage(server.ctx, t0);
    const gone = await sweepStorage(server.ctx, new Date(t0.getTime() + GRACE + HOUR));
    expect(gone.deleted).toEqual(expect.arrayContaining(cropKeys));
    for (const c of t.crops) expect(await stored(c.key)).toBe(false);
  });

  it("cannot be undone after the undo window (410)", async () => {
    const m = await server.member();
    const t = await template(m);
    const past = new Date(Date.now() - (TEMPLATE_UNDO.windowSeconds + 5) * 1000);
    await server.ctx.db.update(generations).set({ deletedAt: past }).where(eq(generations.id, t.id));
    const res = await m.post(`/api/templates/${t.id}/restore`);
    expect(res.status).toBe(410);
    expect(res.body.message).toBe(TEMPLATE_UNDO.expired);
  });
});
