import { GENERATOR_MESSAGES } from "@mailsmith/shared";
import { and, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditLedger, generationJobs, generations } from "../src/db/schema/index.js";
import { type GeminiStandIn, startGeminiStandIn } from "../stand-ins/gemini.js";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

/**
 * Stored pictures (issue 35 item 4, issue 34 item 4, decision 103): designs are re-encoded without metadata and in a
 * type the model takes before anything is stored, sent or charged; they are served only at an expiring signed
 * address; a deleted template's thumbnail and previews stop being served at once.
 */

let server: TestServer;
let standIn: GeminiStandIn;

beforeAll(async () => {
  standIn = await startGeminiStandIn();
  // Storage and serving are the subject: no rendering (thumbnails and previews are stored by hand below).
  server = await startTestServer({
    env: { GEMINI_BASE_URL: standIn.url, GEMINI_TIMEOUT_MS: "10000", RENDERER: "off" },
  });
  const admin = await server.admin();
  const key = await admin.post("/api/gemini-keys", { name: "Pictures", key: "AIza-pictures-key", isActive: true });
  expect(key.status).toBe(201);
});
afterAll(async () => {
  await server?.close();
  await standIn?.close();
});

/** A photo as a phone takes it: EXIF with a GPS position and an owner, rotated by its orientation tag, Display P3. */
async function phoneJpeg() {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: "#336699" } })
    .withExif({
      IFD0: { Copyright: "secret-owner", Make: "PhoneMaker" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1", GPSLongitudeRef: "E", GPSLongitude: "2/1 21/1 3/1" },
    })
    .withMetadata({ orientation: 6 })
    .withIccProfile("p3")
    .jpeg()
    .toBuffer();
}

/** Two frames, red then blue. */
async function animatedGif() {
  const frame = (background: string) =>
    sharp({ create: { width: 40, height: 30, channels: 3, background } })
      .png()
      .toBuffer();
  return sharp([await frame("#ff0000"), await frame("#0000ff")], { join: { animated: true } })
    .gif({ delay: [100, 100] })
    .toBuffer();
}

function form(image: Buffer, type: string, name: string) {
  const fd = new FormData();
  fd.append("emailType", "Promotional Email Templates");
  fd.append("instructions", "");
  fd.append("images", new Blob([new Uint8Array(image)], { type }), name);
  return fd;
}

type Event = { type: string; [k: string]: any };
async function generate(c: TestClient, image: Buffer, type: string, name: string) {
  const res = await c.request("POST", "/api/generate", form(image, type, name));
  const events: Event[] =
    typeof res.body === "string"
      ? res.body
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Event)
      : [res.body as Event];
  return { status: res.status, last: events.at(-1)! };
}

/** The bytes at an address, as this client's browser would load them (its cookies, no Origin header needed). */
async function load(c: TestClient, url: string) {
  const headers = c.cookies.size ? { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; ") } : undefined;
  const res = await fetch(new URL(url, server.url), { headers });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

async function userId(c: TestClient): Promise<string> {
  return (await c.get("/api/me")).body.user._id;
}
async function balance(c: TestClient): Promise<number> {
  return (await c.get("/api/me")).body.user.currentBalance;
}
async function lastJob(c: TestClient) {
  const [job] = await server.ctx.db
    .select()
    .from(generationJobs)
    .where(eq(generationJobs.userId, await userId(c)))
    .orderBy(desc(generationJobs.createdAt))
    .limit(1);
  return job!;
}

/** The MIME types of the inline images in the stand-in's last generateContent request. */
function mimeTypesSent(): string[] {
  type Body = { contents?: { parts?: { inlineData?: { mimeType: string } }[] }[] };
  const body = (standIn.calls.at(-1) as { body?: Body } | undefined)?.body;
  return (body?.contents ?? [])
    .flatMap((c) => c.parts ?? [])
    .flatMap((p) => (p.inlineData ? [p.inlineData.mimeType] : []));
}

describe("design uploads are stored without metadata", () => {
  it("a phone photo's EXIF, GPS position and colour profile are neither stored, served nor sent to the model", async () => {
    const photo = await phoneJpeg();
    const before = await sharp(photo).metadata();
    expect(before.exif).toBeTruthy();
    expect(before.icc).toBeTruthy();
    expect(photo.includes("secret-owner")).toBe(true);

    const m = await server.member();
    const { status, last } = await generate(m, photo, "image/jpeg", "holiday.jpg");
    expect(status).toBe(200);
    expect(last.type).toBe("done");

    const job = await lastJob(m);
    const stored = await server.ctx.storage.read!(job.uploads[0]!.key);
    const meta = await sharp(stored!.body).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(stored!.body.includes("secret-owner")).toBe(false);
    // The orientation is in the pixels now (a 64×48 photo tagged "rotate 90°" is 48×64), not in a tag.
    expect([meta.width, meta.height]).toEqual([48, 64]);
    expect(job.uploads[0]).toMatchObject({ mimeType: "image/jpeg", width: 48, height: 64 });

    // What the member's page shows is the same clean file.
    const t = (await m.get(`/api/templates/${last.template._id}`)).body.data;
    const served = await load(m, t.designUrl);
    expect(served.status).toBe(200);
    expect((await sharp(served.body).metadata()).exif).toBeUndefined();
    expect(served.body.includes("secret-owner")).toBe(false);

    // And the crops cut from it for the email carry nothing either.
    for (const img of t.images as { url: string }[]) {
      const crop = await load(server.client(), img.url);
      expect(crop.status).toBe(200);
      expect((await sharp(crop.body).metadata()).exif).toBeUndefined();
    }
  });

  it("a picture the member swaps into an image slot is stored without its metadata", async () => {
    const m = await server.member();
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#eeeeee" } })
      .png()
      .toBuffer();
    const { last } = await generate(m, png, "image/png", "design.png");
    expect(last.type).toBe("done");
    const fd = new FormData();
    fd.append("image", new Blob([new Uint8Array(await phoneJpeg())], { type: "image/jpeg" }), "mine.jpg");
    const res = await m.request("POST", `/api/templates/${last.template._id}/images/1`, fd);
    expect(res.status).toBe(200);
    const url = (res.body.data.images as { slot: number; url: string }[]).find((i) => i.slot === 1)!.url;
    const served = await load(server.client(), url);
    expect(served.status).toBe(200);
    const meta = await sharp(served.body).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(served.body.includes("secret-owner")).toBe(false);
  });
});

describe("design uploads are private", () => {
  it("only the owner's page gets an address for a design, and it expires; the stored address answers 404", async () => {
    const owner = await server.member();
    const { last } = await generate(owner, await phoneJpeg(), "image/jpeg", "private.jpg");
    expect(last.type).toBe("done");
    const job = await lastJob(owner);
    const lasting = job.uploads[0]!.url;
    expect(lasting).toContain("/uploads/designs/");

    // The address the file was stored at is not served to anyone: a visitor, another member, nor the owner.
    const other = await server.member();
    for (const c of [server.client(), other, owner]) {
      const res = await load(c, lasting);
      expect(res.status).toBe(404);
      expect(res.body.includes("secret-owner")).toBe(false);
    }

    // Another member cannot open the template to get an address.
    const refused = await other.get(`/api/templates/${last.template._id}`);
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.body)).not.toContain("/uploads/designs/");

    // The owner's page gets a signed one that works now, privately cached for at most an hour.
    const t = (await owner.get(`/api/templates/${last.template._id}`)).body.data;
    const signed = new URL(t.designUrl);
    expect(signed.pathname).toBe(new URL(lasting).pathname);
    const ok = await load(owner, t.designUrl);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("image/jpeg");
    expect(ok.headers.get("cache-control")).toMatch(/^private, max-age=(\d+)$/);
    expect(Number(ok.headers.get("cache-control")!.split("=")[1])).toBeLessThanOrEqual(3600);

    // A changed signature, a changed expiry or another file under the same signature: 404.
    const sig = signed.searchParams.get("sig")!;
    const expires = signed.searchParams.get("expires")!;
    const tampered = [
      `${signed.pathname}?expires=${expires}&sig=${sig.slice(0, -2)}AA`,
      `${signed.pathname}?expires=${Number(expires) + 86_400}&sig=${sig}`,
      `/uploads/designs/00000000-0000-4000-8000-000000000000.jpg?expires=${expires}&sig=${sig}`,
    ];
    for (const path of tampered) expect((await load(owner, path)).status).toBe(404);

    // An address signed an hour and a minute ago has expired.
    const old = server.ctx.storage.urls!.sign(job.uploads[0]!.key, { now: Date.now() - 61 * 60_000 });
    expect((await load(owner, old)).status).toBe(404);
  });
});

describe("a deleted template's pictures", () => {
  /** A thumbnail and two previews stored for a template, as the pipeline stores them. */
  async function withPictures(templateId: string) {
    const webp = await sharp({ create: { width: 48, height: 32, channels: 3, background: "#123456" } })
      .webp()
      .toBuffer();
    const put = async (key: string) =>
      new URL((await server.ctx.storage.put({ key, body: webp, contentType: "image/webp" })).url, server.url).href;
    const thumbnailUrl = await put(`thumbs/${crypto.randomUUID()}.webp`);
    const desktop = await put(`previews/${templateId}-desktop-${Math.random().toString(16).slice(2, 10)}.webp`);
    const mobile = await put(`previews/${templateId}-mobile-${Math.random().toString(16).slice(2, 10)}.webp`);
    const [row] = await server.ctx.db.select().from(generations).where(eq(generations.id, templateId));
    await server.ctx.db
      .update(generations)
      .set({ thumbnailUrl, report: { ...(row!.report as object), previews: { desktop, mobile } } as never })
      .where(eq(generations.id, templateId));
    return [thumbnailUrl, desktop, mobile];
  }

  it("stop being served as soon as it is deleted; a copy keeps showing the pictures it shares", async () => {
    const m = await server.member();
    const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: "#00aa00" } })
      .png()
      .toBuffer();
    const { last } = await generate(m, png, "image/png", "d.png");
    const id = last.template._id as string;
    const pictures = await withPictures(id);
    for (const url of pictures) expect((await load(server.client(), url)).status).toBe(200);

    const copy = (await m.post(`/api/templates/${id}/duplicate`)).body.data;
    expect(copy.thumbnailUrl).toBe(pictures[0]);
    expect((await m.delete(`/api/templates/${id}`)).status).toBe(200);
    // The copy still shows them.
    for (const url of pictures) expect((await load(server.client(), url)).status).toBe(200);

    expect((await m.delete(`/api/templates/${copy._id}`)).status).toBe(200);
    for (const url of pictures) expect((await load(server.client(), url)).status).toBe(404);
  });
});

describe("design types the model takes (issue 34 item 4)", () => {
  it("an animated GIF generates: the model receives a PNG (its first frame), 1 credit is taken once", async () => {
    const m = await server.member();
    const start = await balance(m);
    const calls = standIn.calls.length;
    const { status, last } = await generate(m, await animatedGif(), "image/gif", "banner.gif");
    expect(status).toBe(200);
    expect(last).toMatchObject({ type: "done" });
    expect(standIn.calls.length).toBeGreaterThan(calls);
    expect(mimeTypesSent()).toEqual(["image/png"]);

    const job = await lastJob(m);
    expect(job.uploads[0]).toMatchObject({ mimeType: "image/png", width: 40, height: 30 });
    const stored = await server.ctx.storage.read!(job.uploads[0]!.key);
    const frame = await sharp(stored!.body).raw().toBuffer({ resolveWithObject: true });
    expect(frame.info.height).toBe(30); // one frame, not the two stacked
    expect([...frame.data.subarray(0, 3)]).toEqual([255, 0, 0]); // the first frame (red)

    expect(await balance(m)).toBe(start - 1);
    const entries = await server.ctx.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, await userId(m))));
    const moves = entries.filter((e) => e.reason !== "signup_bonus");
    expect(moves.map((e) => [e.reason, e.delta])).toEqual([["generation", -1]]);
  });

  it.each([
    ["HEIC", "image/heic", "photo.heic", Buffer.from("000000186674797068656963000000006d69663168656963", "hex")],
    ["BMP", "image/bmp", "scan.bmp", Buffer.concat([Buffer.from("BM"), Buffer.alloc(60)])],
    ["SVG", "image/svg+xml", "logo.svg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
  ])(
    "a %s upload is refused with a message before anything is stored, sent or charged",
    async (_n, type, name, bytes) => {
      const m = await server.member();
      const start = await balance(m);
      const calls = standIn.calls.length;
      const res = await m.request("POST", "/api/generate", form(bytes, type, name));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(GENERATOR_MESSAGES.imageType);
      expect(standIn.calls.length).toBe(calls);
      expect(await balance(m)).toBe(start);
      const jobs = await server.ctx.db
        .select()
        .from(generationJobs)
        .where(eq(generationJobs.userId, await userId(m)));
      expect(jobs).toHaveLength(0);
    },
  );
});
