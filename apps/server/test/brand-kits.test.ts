import { BRAND_KIT_MESSAGES, type TBrandKitInput } from "@mailsmith/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

let server: TestServer;
let alice: TestClient;
let bob: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.member({ name: "Alice" });
  bob = await server.member({ name: "Bob" });
});
afterAll(async () => {
  await server?.close();
});

export const KIT: TBrandKitInput = {
  name: "Acme",
  logoUrl: null,
  palette: { primary: "#0b5fff", accent: "#ff3366", text: "#1a1a1a", background: "#ffffff", link: "#0b5fff" },
  font: {
    name: "Inter",
    stylesheetUrl: "https://fonts.googleapis.com/css2?family=Inter",
    fallback: "Arial, Helvetica, sans-serif",
  },
  footer: { address: "1 Main St, Springfield", social: [{ label: "X", url: "https://x.com/acme" }] },
  tone: ["friendly", "direct"],
};

/** A design: white page, a dark heading bar of text colour, a blue button and a pink band. */
async function designPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800">
    <rect width="600" height="800" fill="#ffffff"/>
    <rect x="40" y="40" width="520" height="90" fill="#1a1a1a"/>
    <rect x="40" y="300" width="260" height="70" fill="#0b5fff"/>
    <rect x="40" y="600" width="520" height="50" fill="#ff3366"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function form(data: Buffer) {
  const fd = new FormData();
  fd.append("image", new Blob([new Uint8Array(data)], { type: "image/png" }), "design.png");
  return fd;
}

describe("brand kits: CRUD, the member's own only", () => {
  it("a member creates, lists, reads, updates and deletes a kit; each update bumps the version", async () => {
    const created = await alice.post("/api/brand-kits", KIT);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as string;
    expect(created.body.data).toMatchObject({ ...KIT, version: 1 });

    const list = await alice.get("/api/brand-kits");
    expect(list.body.map((k: { id: string }) => k.id)).toEqual([id]);
    expect((await alice.get(`/api/brand-kits/${id}`)).body.name).toBe("Acme");

    const updated = await alice.put(`/api/brand-kits/${id}`, { ...KIT, name: "Acme EU", tone: ["calm"] });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: "Acme EU", tone: ["calm"], version: 2 });

    expect((await alice.delete(`/api/brand-kits/${id}`)).status).toBe(200);
    expect((await alice.get(`/api/brand-kits/${id}`)).status).toBe(404);
    expect((await alice.get("/api/brand-kits")).body).toEqual([]);
  });

  it("another member (and an administrator) gets 404 for a kit that is not theirs and changes nothing", async () => {
    const id = (await alice.post("/api/brand-kits", KIT)).body.data.id as string;
    const admin = await server.admin();
    for (const other of [bob, admin]) {
      const read = await other.get(`/api/brand-kits/${id}`);
      expect(read.status).toBe(404);
      expect(read.body.message).toBe(BRAND_KIT_MESSAGES.notFound);
      expect((await other.put(`/api/brand-kits/${id}`, { ...KIT, name: "Stolen" })).status).toBe(404);
      expect((await other.delete(`/api/brand-kits/${id}`)).status).toBe(404);
      expect((await other.get("/api/brand-kits")).body).toEqual([]);
    }
    expect((await alice.get(`/api/brand-kits/${id}`)).body).toMatchObject({ name: "Acme", version: 1 });
    expect((await server.client().get("/api/brand-kits")).status).toBe(401);
  });

  it("refuses bad colours, font links off the allow-list or over http, and unsafe font stacks with 400", async () => {
    const bad: Partial<TBrandKitInput>[] = [
      { palette: { ...KIT.palette, primary: "blue" } },
      { font: { ...KIT.font, stylesheetUrl: "https://evil.example/font.css" } },
      { font: { ...KIT.font, stylesheetUrl: "http://fonts.googleapis.com/css2?family=Inter" } },
      { font: { ...KIT.font, fallback: "Arial; } body { background:url(x)" } },
      { font: { ...KIT.font, fallback: "Arial" } },
      { footer: { address: "", social: [{ label: "X", url: "javascript:alert(1)" }] } },
      { name: "" },
    ];
    for (const patch of bad) {
      const res = await alice.post("/api/brand-kits", { ...KIT, ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
  });

  it("reads a kit palette from an uploaded design: background, text, primary and accent", async () => {
    const res = await alice.post("/api/brand-kits/palette", form(await designPng()));
    expect(res.status).toBe(200);
    const near = (hex: string, to: string) =>
      [1, 3, 5].every(
        (i) => Math.abs(Number.parseInt(hex.slice(i, i + 2), 16) - Number.parseInt(to.slice(i, i + 2), 16)) <= 4,
      );
    const { palette } = res.body;
    expect(palette).toMatchObject({ background: "#ffffff", text: "#1a1a1a", link: palette.primary });
    const vivid = [palette.primary, palette.accent].sort();
    expect(near(vivid[0], "#0b5fff") && near(vivid[1], "#ff3366"), vivid.join()).toBe(true);
    const notImage = await alice.post("/api/brand-kits/palette", form(Buffer.from("not a picture")));
    expect(notImage.status).toBe(400);
  });

  it("stores an uploaded logo re-encoded, without metadata", async () => {
    const withExif = await sharp(await designPng())
      .withMetadata({ exif: { IFD0: { Copyright: "secret-gps" } } })
      .jpeg()
      .toBuffer();
    const res = await alice.post("/api/brand-kits/logo", form(withExif));
    expect(res.status).toBe(201);
    const logo = await fetch(new URL(res.body.url, server.url));
    expect(logo.status).toBe(200);
    const meta = await sharp(Buffer.from(await logo.arrayBuffer())).metadata();
    expect(meta.exif).toBeUndefined();
  });
});
