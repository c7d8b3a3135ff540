import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { PROFILE_MESSAGES } from "@mailsmith/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

let server: TestServer;
let alice: TestClient & { email: string };
let bob: TestClient & { email: string };
let aliceId: string;
let bobId: string;

const uploadsDir = () => path.join(server.ctx.env.dataDir, "uploads");
const storedFiles = () => {
  const dir = path.join(uploadsDir(), "profile");
  return existsSync(dir) ? readdirSync(dir) : [];
};

function form(data: Buffer | string, filename: string, type: string, field = "image") {
  const fd = new FormData();
  fd.append(field, new Blob([typeof data === "string" ? data : new Uint8Array(data)], { type }), filename);
  return fd;
}

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.member({ name: "Alice" });
  bob = await server.member({ name: "Bob" });
  aliceId = (await alice.get("/api/me")).body.user._id;
  bobId = (await bob.get("/api/me")).body.user._id;
});
afterAll(async () => {
  await server?.close();
});

const profile = {
  userName: "Alice Liddell",
  aboutMe: "Curious",
  address: "1 Rabbit Hole",
  city: "Oxford",
  country: "United Kingdom",
  phone: "+44 1865 000000",
};

describe("profile update", () => {
  it("a member updates their own profile; email is read-only", async () => {
    const res = await alice.put(`/api/update-user-profile/${aliceId}`, { ...profile, email: "new@example.com" });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(PROFILE_MESSAGES.profileUpdated);
    expect(res.body.user).toMatchObject({ ...profile, email: alice.email });
    expect((await alice.get("/api/me")).body.user.userName).toBe("Alice Liddell");
  });

  it("updating another member's profile is 403 and changes nothing", async () => {
    const res = await alice.put(`/api/update-user-profile/${bobId}`, { ...profile, userName: "Hacked" });
    expect(res.status).toBe(403);
    expect((await bob.get("/api/me")).body.user.userName).toBe("Bob");
  });

  it("setting one's own role, membership or balance is 403 and changes nothing", async () => {
    for (const extra of [
      { userRole: "Admin" },
      { currentBalance: 999 },
      { userMembership: "premium" },
      { role: "Admin" },
    ]) {
      const res = await alice.put(`/api/update-user-profile/${aliceId}`, { ...profile, userName: "Changed", ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(403);
      expect(res.body.message).toBe(PROFILE_MESSAGES.forbiddenFields);
    }
    const me = (await alice.get("/api/me")).body.user;
    expect(me).toMatchObject({
      userRole: "member",
      currentBalance: 3,
      userMembership: "free",
      userName: "Alice Liddell",
    });
  });

  it("refuses a javascript: photo URL", async () => {
    const res = await alice.put(`/api/update-user-profile/${aliceId}`, {
      ...profile,
      profileURL: "javascript:alert(1)",
    });
    expect(res.status).toBe(400);
  });
});

describe("image upload", () => {
  it("stores a re-encoded JPEG without metadata, serves it back, and the profile can use and remove it", async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3366cc" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "secret-owner", ImageDescription: "gps here" } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeTruthy();
    const res = await alice.post("/api/image-server/upload", form(jpeg, "me.jpg", "image/jpeg"));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(PROFILE_MESSAGES.imageUploaded);
    const url: string = res.body.file.url;
    expect(url).toMatch(/^\/uploads\/profile\/[0-9a-f-]+\.jpg$/);

    const served = await fetch(server.url + url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    const body = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(body).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(64);
    expect(body.includes(Buffer.from("secret-owner"))).toBe(false);

    const set = await alice.put(`/api/update-user-profile/${aliceId}`, { ...profile, profileURL: url });
    expect(set.body.user.profileURL).toBe(url);
    const removed = await alice.put(`/api/update-user-profile/${aliceId}`, { ...profile, profileURL: null });
    expect(removed.body.user.profileURL).toBeNull();
  });

  it("accepts a PNG named .txt (content decides) and large images are scaled down", async () => {
    const png = await sharp({ create: { width: 2000, height: 1000, channels: 4, background: "#ff000080" } })
      .png()
      .toBuffer();
    const res = await alice.post("/api/image-server/upload", form(png, "notes.txt", "text/plain"));
    expect(res.status).toBe(201);
    const served = Buffer.from(await (await fetch(server.url + res.body.file.url)).arrayBuffer());
    const meta = await sharp(served).metadata();
    expect(meta.format).toBe("png");
    expect(meta.width).toBe(1024);
  });

  it("refuses a 3 MB image, a PDF renamed .png and an SVG with a script, storing nothing", async () => {
    const before = storedFiles();
    const big = Buffer.alloc(3 * 1024 * 1024, 0);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
    const tooBig = await alice.post("/api/image-server/upload", form(big, "huge.png", "image/png"));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe(PROFILE_MESSAGES.imageTooLarge);

    const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
    const fakePng = await alice.post("/api/image-server/upload", form(pdf, "photo.png", "image/png"));
    expect(fakePng.status).toBe(415);
    expect(fakePng.body.message).toBe(PROFILE_MESSAGES.imageNotImage);

    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>`;
    const svgRes = await alice.post("/api/image-server/upload", form(svg, "icon.svg", "image/svg+xml"));
    expect(svgRes.status).toBe(415);
    expect(svgRes.body.message).toBe(PROFILE_MESSAGES.imageNotImage);

    // A truncated PNG (right signature, broken data) is not an image either.
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 7)]);
    const brokenRes = await alice.post("/api/image-server/upload", form(broken, "b.png", "image/png"));
    expect(brokenRes.status).toBe(415);

    expect(storedFiles()).toEqual(before);
  });

  it("needs a file in the image field and a signed-in caller", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const wrongField = await alice.post("/api/image-server/upload", form(png, "a.png", "image/png", "photo"));
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.message).toBe(PROFILE_MESSAGES.imageMissing);
    const anon = await server.client().post("/api/image-server/upload", form(png, "a.png", "image/png"));
    expect(anon.status).toBe(401);
  });

  it("serves nothing outside the uploads folder", async () => {
    expect((await fetch(`${server.url}/uploads/profile/..%2F..%2Fpgdata.jpg`)).status).toBe(404);
    expect((await fetch(`${server.url}/uploads/profile/missing.jpg`)).status).toBe(404);
  });
});

describe("S3-compatible storage", () => {
  it("stores uploads in the bucket and answers with the public URL", async () => {
    const { startS3StandIn } = await import("../stand-ins/s3.js");
    const s3 = await startS3StandIn({ bucket: "photos", accessKeyId: "test-key" });
    const s3Server = await startTestServer({
      env: {
        S3_BUCKET: "photos",
        S3_REGION: "us-east-1",
        S3_ENDPOINT: s3.url,
        S3_FORCE_PATH_STYLE: "true",
        S3_ACCESS_KEY_ID: "test-key",
        S3_SECRET_ACCESS_KEY: "test-secret",
        S3_PUBLIC_URL: `${s3.url}/photos/`,
      },
    });
    try {
      expect(s3Server.ctx.storage.kind).toBe("s3");
      const m = await s3Server.member();
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0f0" } })
        .png()
        .toBuffer();
      const res = await m.post("/api/image-server/upload", form(png, "a.png", "image/png"));
      expect(res.status).toBe(201);
      expect(res.body.file.url).toMatch(new RegExp(`^${s3.url}/photos/profile/[0-9a-f-]+\\.png$`));
      expect(s3.objects.size).toBe(1);
      const served = await fetch(res.body.file.url);
      expect(served.headers.get("content-type")).toBe("image/png");
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(8);
      // Refused uploads never reach the bucket.
      const pdf = await m.post("/api/image-server/upload", form(Buffer.from("%PDF-1.4 x"), "a.png", "image/png"));
      expect(pdf.status).toBe(415);
      expect(s3.objects.size).toBe(1);
      // The profile accepts the bucket URL.
      const id = (await m.get("/api/me")).body.user._id;
      const set = await m.put(`/api/update-user-profile/${id}`, { ...profile, profileURL: res.body.file.url });
      expect(set.status).toBe(200);
    } finally {
      await s3Server.close();
      await s3.close();
    }
  });

  it("refuses a bucket without a public URL at start-up", async () => {
    const { loadEnv } = await import("../src/env.js");
    expect(() => loadEnv({ S3_BUCKET: "photos" })).toThrow(/S3_PUBLIC_URL/);
  });
});
