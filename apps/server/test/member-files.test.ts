import { randomUUID } from "node:crypto";
import { PAYMENT_STATUS, PROFILE_MESSAGES } from "@mailsmith/shared";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setHidden } from "../src/core/storage/stored-objects.js";
import { brandKits, itemOrders, storedObjects, user } from "../src/db/schema/index.js";
import { sweepStorage } from "../src/features/uploads/sweep.js";
import { addItem, BILLING } from "./commerce-helpers.js";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

/**
 * Files belong to their owner, and the sweep knows every reference (issue 44 items 4 and 5, decision 125): the
 * registry of member data tells the sweep about the pictures orders keep, a photo address cannot name another
 * member's file, and Download my data gives only the member's own files that are not hidden.
 */
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const HOUR = 60 * 60 * 1000;
const GRACE = 24 * HOUR; // STORAGE_SWEEP_GRACE_HOURS default

let server: TestServer;
let admin: TestClient;
let png: Buffer;

beforeAll(async () => {
  // No scheduled sweep: the tests run it with their own clock.
  server = await startTestServer({ env: { RENDERER: "off", STORAGE_SWEEP_INTERVAL_MINUTES: "0" } });
  admin = await server.admin();
  png = await sharp({ create: { width: 6, height: 4, channels: 3, background: "#2255aa" } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await server?.close();
});

async function member() {
  const m = await server.member();
  return Object.assign(m, { id: (await m.get("/api/me")).body.user._id as string });
}
/** Stores an object as the features do, and answers its address on this server. */
async function put(folder: string, ownerId: string | null) {
  const key = `${folder}/${randomUUID()}.png`;
  const file = await server.ctx.storage.put({ key, body: png, contentType: "image/png", ownerId });
  return { key, url: new URL(file.url, server.url).href };
}
const stored = async (key: string) => (await server.ctx.storage.read!(key)) !== null;

async function until<T>(what: string, probe: () => Promise<T | undefined | false>): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - start > 60_000) throw new Error(`not seen in time: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Download my data, as the member gets it: started, waited for, downloaded, unzipped. */
async function exportOf(m: TestClient) {
  expect((await m.post("/api/me/export")).status).toBe(202);
  const ready = await until("the export is ready", async () => {
    const res = await m.get("/api/me/export");
    return res.body.export?.status === "ready" && (res.body.export as { url: string });
  });
  const cookie = [...m.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(server.url + ready.url, { headers: { cookie } });
  expect(res.status).toBe(200);
  return unzipSync(new Uint8Array(await res.arrayBuffer()));
}

describe("the storage sweep reads the registry of member data", () => {
  it("a paid item order keeps its picture after the item gets a new one, past the grace period", async () => {
    const first = await put("generated", null);
    const second = await put("generated", null);
    const item = await addItem(admin, { imageUrl: first.url });
    const buyer = await member();
    const ordered = await buyer.post("/api/new-item-order", { itemId: item._id, ...BILLING });
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(201);
    // Paid, as capture leaves it (the capture path itself is tested in commerce-capture).
    await server.ctx.db
      .update(itemOrders)
      .set({ paymentStatus: PAYMENT_STATUS.paid, orderStatus: "Completed", paidAt: new Date() })
      .where(eq(itemOrders.userId, buyer.id));
    const [order] = await server.ctx.db.select().from(itemOrders).where(eq(itemOrders.userId, buyer.id));
    expect(order?.imageUrl).toBe(first.url);

    const edited = await admin.put(`/api/items/${item._id}`, {
      itemName: "Newsletter Pack",
      price: "12.50",
      accessUrl: item.accessUrl,
      imageUrl: second.url,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);

    const t0 = new Date(Date.now() + HOUR);
    await sweepStorage(server.ctx, t0);
    const late = await sweepStorage(server.ctx, new Date(t0.getTime() + GRACE + HOUR));
    expect(late.deleted).not.toContain(first.key);
    expect(await stored(first.key)).toBe(true);
    expect((await fetch(first.url)).status).toBe(200);
    // The order's copy is a site picture: the buyer does not come to own it (deleting their account hides nothing).
    const [row] = await server.ctx.db.select().from(storedObjects).where(eq(storedObjects.key, first.key));
    expect(row?.ownerId).toBeNull();
  });
});

describe("files belong to their owner", () => {
  it("a photo address naming another member's private design is refused when saved; the member's own is saved", async () => {
    const [ada, bob] = [await member(), await member()];
    const design = await put("designs", bob.id);
    const refused = await ada.put(`/api/update-user-profile/${ada.id}`, {
      userName: "Ada",
      profileURL: `${server.url}/uploads/${design.key}`,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(PROFILE_MESSAGES.photoNotYours);
    const [after] = await server.ctx.db.select({ image: user.image }).from(user).where(eq(user.id, ada.id));
    expect(after?.image).toBeNull();
    // A site file is not the member's either; their own upload is.
    const site = await put("generated", null);
    expect(
      (await ada.put(`/api/update-user-profile/${ada.id}`, { userName: "Ada", profileURL: site.url })).status,
    ).toBe(400);
    const own = await put("profile", ada.id);
    const saved = await ada.put(`/api/update-user-profile/${ada.id}`, { userName: "Ada", profileURL: own.url });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // Sent back unchanged by the profile form, it stays allowed; an outside address names no stored file.
    expect((await ada.put(`/api/update-user-profile/${ada.id}`, { userName: "Ada", profileURL: own.url })).status).toBe(
      200,
    );
    const outside = "https://cdn.example.com/people/ada.png";
    expect((await ada.put(`/api/update-user-profile/${ada.id}`, { userName: "Ada", profileURL: outside })).status).toBe(
      200,
    );
  });

  it("Download my data leaves out another member's file and the member's hidden files", async () => {
    const [ada, bob] = [await member(), await member()];
    const design = await put("designs", bob.id);
    const logo = await put("generated", ada.id);
    const hiddenLogo = await put("generated", ada.id);
    // A photo address saved before the rule existed, naming Bob's private design.
    await server.ctx.db
      .update(user)
      .set({ image: `${server.url}/uploads/${design.key}` })
      .where(eq(user.id, ada.id));
    const kit = (url: string, name: string) => ({
      userId: ada.id,
      name,
      logoUrl: url,
      palette: { primary: "#0b5fff", accent: "#ff3366", text: "#1a1a1a", background: "#ffffff", link: "#0b5fff" },
      font: {
        name: "Inter",
        stylesheetUrl: "https://fonts.googleapis.com/css2?family=Inter",
        fallback: "Arial, sans-serif",
      },
    });
    const [shown, hidden] = await server.ctx.db
      .insert(brandKits)
      .values([kit(logo.url, "Shown"), kit(hiddenLogo.url, "Hidden")])
      .returning();
    await setHidden(server.ctx.db, [hiddenLogo.key], true);

    const files = await exportOf(ada);
    const names = Object.keys(files);
    expect(names).toContain(`brand-kits/${shown!.id}/logo/${logo.key.replace("/", "-")}`);
    expect(names.some((n) => n.includes(hiddenLogo.key.replace("/", "-")))).toBe(false);
    expect(names).toContain(`brand-kits/${hidden!.id}/kit.json`);
    expect(names.some((n) => n.includes(design.key.replace("/", "-")))).toBe(false);
    expect(names.some((n) => n.startsWith("photo/"))).toBe(false);
  });
});
