import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keyFromUrl } from "../src/adapters/storage/storage.js";
import { generations, storedObjects } from "../src/db/schema/index.js";
import { sweepStorage } from "../src/features/uploads/sweep.js";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

/**
 * Kit logos (decision 118): the address is absolute (local storage included), the file goes when its kit is deleted
 * or its logo replaced — after the change, unless something still shows it — a failed delete is left to the storage
 * sweep, and the sweep never deletes the logo of a live kit. The sweep's clock is passed in, never waited for.
 */
const KIT = {
  name: "Acme",
  palette: { primary: "#0b5fff", accent: "#ff3366", text: "#1a1a1a", background: "#ffffff", link: "#0b5fff" },
  font: { name: "", stylesheetUrl: null, fallback: "Arial, Helvetica, sans-serif" },
};
const HOUR = 60 * 60 * 1000;
const GRACE = 24 * HOUR; // STORAGE_SWEEP_GRACE_HOURS default

let server: TestServer;
let alice: TestClient;
let bob: TestClient;
let png: Buffer;

beforeAll(async () => {
  server = await startTestServer({ env: { RENDERER: "off", STORAGE_SWEEP_INTERVAL_MINUTES: "0" } });
  alice = await server.member({ name: "Alice" });
  bob = await server.member({ name: "Bob" });
  png = await sharp({ create: { width: 24, height: 12, channels: 3, background: "#0b5fff" } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await server?.close();
});

async function uploadLogo(c: TestClient): Promise<string> {
  const fd = new FormData();
  fd.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "logo.png");
  const res = await c.request("POST", "/api/brand-kits/logo", fd);
  expect(res.status).toBe(201);
  return res.body.url as string;
}
const keyOf = (url: string) => keyFromUrl(url) as string;
const stored = async (url: string) => (await server.ctx.storage.read!(keyOf(url))) !== null;
async function kitWith(c: TestClient, logoUrl: string | null): Promise<{ id: string; logoUrl: string | null }> {
  const res = await c.post("/api/brand-kits", { ...KIT, logoUrl });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

describe("kit logo addresses", () => {
  it("a logo on local storage is answered and kept as an absolute address on the public base URL", async () => {
    const url = await uploadLogo(alice);
    expect(url).toMatch(new RegExp(`^${server.url}/uploads/brand-logos/[0-9a-f-]{36}\\.png$`));
    expect((await fetch(url)).status).toBe(200);
    // A kit saved with the relative address (a kit made before this change, an API client) stores it absolute.
    const kit = await kitWith(alice, `/uploads/${keyOf(url)}`);
    expect(kit.logoUrl).toBe(url);
    expect((await alice.get(`/api/brand-kits/${kit.id}`)).body.logoUrl).toBe(url);
    // Plain http is only this server's own address.
    const foreign = await alice.post("/api/brand-kits", {
      ...KIT,
      logoUrl: `http://evil.example/uploads/${keyOf(url)}`,
    });
    expect(foreign.status).toBe(400);
  });
});

describe("kit logo files", () => {
  it("deleting a kit deletes its logo file and its storage record", async () => {
    const url = await uploadLogo(alice);
    const kit = await kitWith(alice, url);
    expect(await stored(url)).toBe(true);
    expect((await alice.delete(`/api/brand-kits/${kit.id}`)).status).toBe(200);
    expect(await stored(url)).toBe(false);
    expect((await fetch(url)).status).toBe(404);
    const rows = await server.ctx.db
      .select()
      .from(storedObjects)
      .where(eq(storedObjects.key, keyOf(url)));
    expect(rows).toEqual([]);
  });

  it("replacing or removing the logo deletes the old file and keeps the new one", async () => {
    const first = await uploadLogo(alice);
    const kit = await kitWith(alice, first);
    const second = await uploadLogo(alice);
    const replaced = await alice.put(`/api/brand-kits/${kit.id}`, { ...KIT, logoUrl: second });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.logoUrl).toBe(second);
    expect(await stored(first)).toBe(false);
    expect(await stored(second)).toBe(true);
    // Saving other fields keeps the logo.
    expect((await alice.put(`/api/brand-kits/${kit.id}`, { ...KIT, name: "Renamed", logoUrl: second })).status).toBe(
      200,
    );
    expect(await stored(second)).toBe(true);
    expect((await alice.put(`/api/brand-kits/${kit.id}`, { ...KIT, logoUrl: null })).status).toBe(200);
    expect(await stored(second)).toBe(false);
  });

  it("a logo still shown elsewhere stays: by a template generated with the kit, by another kit", async () => {
    const url = await uploadLogo(alice);
    const kit = await kitWith(alice, url);
    const aliceId = (await alice.get("/api/me")).body.user._id as string;
    await server.ctx.db.insert(generations).values({
      userId: aliceId,
      emailType: "newsletter",
      status: "succeeded",
      html: `<img src="${url}" alt="Acme"><p>Hello</p>`,
    });
    expect((await alice.delete(`/api/brand-kits/${kit.id}`)).status).toBe(200);
    expect(await stored(url)).toBe(true);

    const shared = await uploadLogo(alice);
    const one = await kitWith(alice, shared);
    await kitWith(alice, shared);
    expect((await alice.delete(`/api/brand-kits/${one.id}`)).status).toBe(200);
    expect(await stored(shared)).toBe(true);
  });

  it("never deletes another member's logo that a kit names", async () => {
    const bobs = await uploadLogo(bob);
    await kitWith(bob, bobs);
    const borrowed = await kitWith(alice, bobs);
    expect((await alice.delete(`/api/brand-kits/${borrowed.id}`)).status).toBe(200);
    expect(await stored(bobs)).toBe(true);
  });

  it("a failed delete does not fail the request; the storage sweep deletes the orphan after its grace period", async () => {
    const url = await uploadLogo(alice);
    const kit = await kitWith(alice, url);
    const storage = server.ctx.storage;
    const realDelete = storage.delete;
    storage.delete = async () => {
      throw new Error("storage is down");
    };
    try {
      expect((await alice.delete(`/api/brand-kits/${kit.id}`)).status).toBe(200);
    } finally {
      storage.delete = realDelete;
    }
    expect(await stored(url)).toBe(true);
    const t0 = new Date();
    await sweepStorage(server.ctx, t0);
    expect(await stored(url)).toBe(true);
    const late = await sweepStorage(server.ctx, new Date(t0.getTime() + GRACE + 60_000));
    expect(late.deleted).toContain(keyOf(url));
    expect(await stored(url)).toBe(false);
  });

  it("the storage sweep keeps the logo of a live kit, however old", async () => {
    const url = await uploadLogo(alice);
    await kitWith(alice, url);
    const t0 = new Date();
    await sweepStorage(server.ctx, t0);
    const late = await sweepStorage(server.ctx, new Date(t0.getTime() + 30 * GRACE));
    expect(late.deleted).not.toContain(keyOf(url));
    expect(await stored(url)).toBe(true);
    expect((await fetch(url)).status).toBe(200);
  });
});
