import {
  ABOUT_MESSAGES_VALIDATION,
  CONTENT_ADMIN_TEXTS,
  DEFAULT_FEATURE_CATEGORY,
  DEFAULT_FEATURE_ICON_CLASS,
  CONTENT_ROUTES as R,
} from "@mailsmith/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentFeatures, siteContent, supportTickets } from "../src/db/schema/index.js";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

const TEST_ACTOR = { id: "test", email: "test@test.local", ip: "", userAgent: "" };

let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await startTestServer({ env: { SEED_DEMO: "true" } });
  admin = await server.admin();
});
afterAll(async () => {
  await server?.close();
});

describe("public reads", () => {
  it("answer success, data, message with the demo content and timestamps", async () => {
    const visitor = server.client();
    for (const path of [R.hero, R.banner, R.about, R.footer, R.contactPage]) {
      const res = await visitor.get(path);
      expect(res.status, path).toBe(200);
      expect(res.body).toMatchObject({ success: true, message: expect.any(String) });
      expect(res.body.data.createdAt, path).toMatch(/^\d{4}-/);
      expect(res.body.data.updatedAt, path).toMatch(/^\d{4}-/);
    }
    const hero = (await visitor.get(R.hero)).body.data;
    expect(hero.title).toBe("Create Stunning HTML Email Templates");
    expect(hero.highlightText).toBe("Fast with AI");

    const features = (await visitor.get(R.features)).body;
    expect(features.success).toBe(true);
    expect(features.data.map((f: { order: number }) => f.order)).toEqual([1, 2, 3, 4]);

    const testimonials = (await visitor.get(R.testimonials)).body;
    expect(Array.isArray(testimonials.data.data)).toBe(true);
    expect(testimonials.data.data.length).toBeGreaterThanOrEqual(3);
    expect(testimonials.data.data[0]).toMatchObject({ authorName: "Priya Raman", rating: 5 });
  });

  it("are revalidated with an ETag: 304 while unchanged, a new answer after an admin write", async () => {
    const visitor = server.client();
    const first = await visitor.get(R.footer);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"/);
    expect(first.headers.get("cache-control")).toBe("no-cache");
    const again = await visitor.request("GET", R.footer, undefined, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);

    const footer = first.body.data;
    // Every content answer names the footer's current version (decision 011).
    const heroBefore = await visitor.get(R.hero);
    expect(heroBefore.headers.get("x-footer-version")).toBe(etag);
    const put = await admin.put(R.footer, {
      ...footer,
      bottomSection: { copyrightText: "© 2027 Edited Co." },
    });
    expect(put.status).toBe(200);
    expect(put.body.message).toBe(CONTENT_ADMIN_TEXTS.footer.updated);
    const after = await visitor.request("GET", R.footer, undefined, { headers: { "if-none-match": etag } });
    expect(after.status).toBe(200);
    expect(after.body.data.bottomSection.copyrightText).toBe("© 2027 Edited Co.");
    expect(after.headers.get("etag")).not.toBe(etag);
    const heroAfter = await visitor.request("GET", R.hero, undefined, {
      headers: { "if-none-match": heroBefore.headers.get("etag")! },
    });
    expect(heroAfter.status).toBe(304);
    expect(heroAfter.headers.get("x-footer-version")).toBe(after.headers.get("etag"));
  });

  it("are answered from recordings after a visitor's first read, and never to a signed-in admin (decision 091)", async () => {
    const sections = [R.hero, R.banner, R.features, R.about, R.testimonials, R.footer, R.contactPage];
    const visitor = server.client();
    for (const path of [...sections, "/api/health"]) {
      const first = await visitor.get(path);
      const second = await visitor.get(path);
      expect(second.status).toBe(200);
      expect(second.body).toEqual(first.body);
      expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    }
    expect(server.recordedUrls()).toEqual([...sections, "/api/health"].sort());
    // The visitor's list is recorded; an admin's request still reaches the route and gets the inactive items too.
    const created = (await admin.post(R.features, { title: "Admin-only draft", description: "d" })).body.data;
    await admin.patch(`${R.features}/${created._id}/toggle`);
    await visitor.get(R.features);
    expect(server.recordedUrls()).toContain(R.features);
    const visitorTitles = (await visitor.get(R.features)).body.data.map((f: { title: string }) => f.title);
    const adminTitles = (await admin.get(R.features)).body.data.map((f: { title: string }) => f.title);
    expect(visitorTitles).not.toContain("Admin-only draft");
    expect(adminTitles).toContain("Admin-only draft");
    await admin.delete(`${R.features}/${created._id}`);
  });

  it("come from memory: a change behind the service's back is not seen until an admin write", async () => {
    const visitor = server.client();
    const before = (await visitor.get(R.features)).body.data;
    await server.ctx.db
      .update(contentFeatures)
      .set({ title: "Changed in the database" })
      .where(eq(contentFeatures.id, before[0]._id));
    expect((await visitor.get(R.features)).body.data[0].title).toBe(before[0].title);

    await admin.patch(`${R.features}/${before[1]._id}/toggle`);
    await admin.patch(`${R.features}/${before[1]._id}/toggle`);
    expect((await visitor.get(R.features)).body.data[0].title).toBe("Changed in the database");
  });
});

describe("features", () => {
  it("a new feature gets the highest order + 1 and the default category; an empty class icon becomes memo-check", async () => {
    const list = (await admin.get(R.features)).body.data as { order: number }[];
    const highest = Math.max(...list.map((f) => f.order));
    const res = await admin.post(R.features, { title: "Brand kits", description: "Your colours.", iconType: "class" });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(CONTENT_ADMIN_TEXTS.features.added);
    expect(res.body.data).toMatchObject({
      order: highest + 1,
      category: DEFAULT_FEATURE_CATEGORY,
      icon: DEFAULT_FEATURE_ICON_CLASS,
      iconValue: DEFAULT_FEATURE_ICON_CLASS,
      isActive: true,
    });
    const visitorSees = (await server.client().get(R.features)).body.data.map((f: { title: string }) => f.title);
    expect(visitorSees.at(-1)).toBe("Brand kits");
  });

  it("validates the body, toggles, and hides inactive features from visitors only", async () => {
    const missing = await admin.post(R.features, { title: "", description: "x" });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain("Title is required");
    const badIcon = await admin.post(R.features, {
      title: "a",
      description: "b",
      iconType: "image",
      icon: "javascript:alert(1)",
    });
    expect(badIcon.status).toBe(400);

    const created = (await admin.post(R.features, { title: "Hidden one", description: "d", order: 99 })).body.data;
    const toggled = await admin.patch(`${R.features}/${created._id}/toggle`);
    expect(toggled.body.data.isActive).toBe(false);
    expect(toggled.body.message).toBe(CONTENT_ADMIN_TEXTS.features.deactivated);
    const publicTitles = (await server.client().get(R.features)).body.data.map((f: { title: string }) => f.title);
    expect(publicTitles).not.toContain("Hidden one");
    const adminTitles = (await admin.get(R.features)).body.data.map((f: { title: string }) => f.title);
    expect(adminTitles).toContain("Hidden one");

    const updated = await admin.put(`${R.features}/${created._id}`, {
      title: "Renamed",
      description: "d2",
      isActive: true,
    });
    expect(updated.body.data).toMatchObject({ title: "Renamed", order: 99, isActive: true });

    expect((await admin.delete(`${R.features}/${created._id}`)).status).toBe(200);
    expect((await admin.delete(`${R.features}/${created._id}`)).status).toBe(404);
    expect((await admin.put(`${R.features}/not-a-uuid`, { title: "a", description: "b" })).status).toBe(404);
  });
});

describe("banner", () => {
  it("requires a main title, refuses script links, accepts a non-YouTube http link, toggles, deletes, resets", async () => {
    const banner = (await admin.get(R.banner)).body.data;
    expect((await admin.put(R.banner, { ...banner, mainTitle: "  " })).status).toBe(400);
    expect((await admin.put(R.banner, { ...banner, buttonLink: "javascript:alert(1)" })).status).toBe(400);
    const saved = await admin.put(R.banner, { ...banner, mainTitle: "Spring sale", youtubeUrl: "https://vimeo.com/1" });
    expect(saved.status).toBe(200);
    expect(saved.body.data.mainTitle).toBe("Spring sale");

    const off = await admin.patch(`${R.banner}/toggle`);
    expect(off.body.data.isActive).toBe(false);
    const on = await admin.patch(`${R.banner}/toggle`);
    expect(on.body.data.isActive).toBe(true);
    const deleted = await admin.delete(R.banner);
    expect(deleted.body.data.isActive).toBe(false);
    expect((await server.client().get(R.banner)).body.data.isActive).toBe(false);

    const reset = await admin.post(`${R.banner}/reset`);
    expect(reset.body.data).toMatchObject({ isActive: true, mainTitle: "Turn any mockup into a", youtubeUrl: "" });
    expect((await server.client().get(R.banner)).body.data.mainTitle).toBe("Turn any mockup into a");
  });
});

describe("about", () => {
  it("validates titles and features with the spec's messages, deactivates, resets", async () => {
    const about = (await admin.get(R.about)).body.data;
    const noTitle = await admin.put(R.about, { ...about, section2: { ...about.section2, title: "" } });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.message).toContain(ABOUT_MESSAGES_VALIDATION.sectionTitlesRequired);
    const noFeatures = await admin.put(R.about, { ...about, section1: { ...about.section1, features: [] } });
    expect(noFeatures.status).toBe(400);
    expect(noFeatures.body.message).toContain(ABOUT_MESSAGES_VALIDATION.featureRequired);

    const edited = await admin.put(R.about, {
      ...about,
      section1: { ...about.section1, title: "Edited about" },
      updatedAt: "1999-01-01",
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.section1.title).toBe("Edited about");
    expect(edited.body.data.updatedAt).not.toBe("1999-01-01");

    const deactivated = await admin.delete(R.about);
    expect(deactivated.body.message).toBe(CONTENT_ADMIN_TEXTS.about.deleted);
    expect((await server.client().get(R.about)).body.data.isActive).toBe(false);
    const toggled = await admin.patch(`${R.about}/toggle`);
    expect(toggled.body.data.isActive).toBe(true);

    const reset = await admin.post(`${R.about}/reset`);
    expect(reset.body.data.section1.title).toBe("Email design without the table-layout headaches");
  });
});

describe("testimonials, hero, contact page", () => {
  it("testimonials: create, edit, hide, delete, reset", async () => {
    const created = await admin.post(R.testimonials, { quote: "Great", authorName: "Ada", authorTitle: "CTO" });
    expect(created.body.data).toMatchObject({ rating: 5, isActive: true, authorImage: "" });
    const id = created.body.data._id;
    expect((await admin.post(R.testimonials, { quote: "", authorName: "A", authorTitle: "B" })).status).toBe(400);
    await admin.put(`${R.testimonials}/${id}`, {
      quote: "Edited",
      authorName: "Ada",
      authorTitle: "CTO",
      isActive: false,
    });
    const visible = (await server.client().get(R.testimonials)).body.data.data.map((t: { _id: string }) => t._id);
    expect(visible).not.toContain(id);
    const all = (await admin.get(R.testimonials)).body.data.data;
    expect(all.find((t: { _id: string }) => t._id === id).quote).toBe("Edited");
    expect((await admin.delete(`${R.testimonials}/${id}`)).status).toBe(200);
    const reset = await admin.post(`${R.testimonials}/reset`);
    expect(reset.body.data.data.map((t: { authorName: string }) => t.authorName)).toEqual([
      "Priya Raman",
      "Marcus Olsen",
      "Sofia Martinez",
    ]);
  });

  it("hero: edit the heading and reset", async () => {
    const hero = (await admin.get(R.hero)).body.data;
    expect((await admin.put(R.hero, { ...hero, title: "" })).status).toBe(400);
    const saved = await admin.put(R.hero, { ...hero, title: "Ship emails faster" });
    expect(saved.body.data.title).toBe("Ship emails faster");
    expect((await server.client().get(R.hero)).body.data.title).toBe("Ship emails faster");
    await admin.post(`${R.hero}/reset`);
    expect((await server.client().get(R.hero)).body.data.title).toBe("Create Stunning HTML Email Templates");
  });

  it("contact page: title required, entries default to a phone entry, reset", async () => {
    const page = (await admin.get(R.contactPage)).body.data;
    expect((await admin.put(R.contactPage, { ...page, title: "" })).status).toBe(400);
    const saved = await admin.put(R.contactPage, { ...page, contactInfo: [{ value: "+44 20 7946 0000" }] });
    expect(saved.status).toBe(200);
    expect(saved.body.data.contactInfo).toEqual([
      { type: "phone", icon: "icon-phone-call", value: "+44 20 7946 0000", label: "" },
    ]);
    const reset = await admin.post(`${R.contactPage}/reset`);
    expect(reset.body.data.title).toBe("Get in Touch");
  });

  it("footer reset restores the default copyright", async () => {
    const reset = await admin.post(`${R.footer}/reset`);
    expect(reset.body.message).toBe(CONTENT_ADMIN_TEXTS.footer.reset);
    expect((await server.client().get(R.footer)).body.data.bottomSection.copyrightText).toBe(
      "© 2026 Mailsmith. All rights reserved.",
    );
  });
});

describe("without demo data", () => {
  it("reads answer data null and a reset creates the record", async () => {
    const bare = await startTestServer();
    try {
      const a = await bare.admin();
      expect((await bare.client().get(R.banner)).body).toMatchObject({ success: true, data: null });
      expect((await bare.client().get(R.features)).body.data).toEqual([]);
      expect((await a.patch(`${R.banner}/toggle`)).status).toBe(404);
      await a.post(`${R.footer}/reset`);
      expect((await bare.client().get(R.footer)).body.data.isActive).toBe(true);
      const rows = await bare.ctx.db.select().from(siteContent);
      expect(rows.map((r) => r.key)).toEqual(["footer"]);
    } finally {
      await bare.close();
    }
  });
});

it("the contact form creates an open ticket with role user that admins find with the other tickets", async () => {
  const res = await server.client().post("/api/new-support-message", {
    ticketUserName: "Visitor From Contact",
    ticketUserEmail: "visitor@example.com",
    subject: "Pricing question",
    phone: "+1 555 0100",
    message: "Do credits expire?",
  });
  expect(res.status).toBe(201);
  const [row] = await server.ctx.db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.ticketUserName, "Visitor From Contact"));
  expect(row).toMatchObject({
    ticketStatus: "open",
    ticketUserRole: "user",
    subject: "Pricing question",
    source: "contact",
  });
});

it("the content routes are documented in the OpenAPI description", async () => {
  const res = await server.client().get("/api/docs/json");
  expect(res.status).toBe(200);
  for (const path of Object.values(R)) expect(Object.keys(res.body.paths)).toContain(path);
  expect(Object.keys(res.body.paths)).toContain(`${R.features}/{id}/toggle`);
});

it("serves robots.txt and sitemap.xml with absolute URLs", async () => {
  const robots = await server.client().get("/robots.txt");
  expect(robots.status).toBe(200);
  expect(robots.headers.get("content-type")).toContain("text/plain");
  expect(robots.body).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  expect(robots.body).toContain("Disallow: /admin");
  const sitemap = await server.client().get("/sitemap.xml");
  expect(sitemap.status).toBe(200);
  expect(sitemap.headers.get("content-type")).toContain("application/xml");
  expect(sitemap.body).toContain(`<loc>${server.url}/about</loc>`);
});

describe("GET / (landing HTML with the content inlined)", () => {
  it("inlines the current content, compressed, and follows admin writes", async () => {
    const { mkdtempSync, writeFileSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const path = await import("node:path");
    const { brotliDecompressSync } = await import("node:zlib");
    const Fastify = (await import("fastify")).default;
    const { landingPageRoute } = await import("../src/features/content/landing-page.js");
    const { ContentService } = await import("../src/features/content/service.js");

    const dir = mkdtempSync(path.join(tmpdir(), "landing-"));
    writeFileSync(path.join(dir, "index.html"), "<html><head><title>t</title></head><body></body></html>");
    const app = Fastify();
    const content = new ContentService(server.ctx);
    await app.register(landingPageRoute, { webDist: dir, content });
    try {
      const first = await app.inject({ method: "GET", url: "/", headers: { "accept-encoding": "gzip, br" } });
      expect(first.statusCode).toBe(200);
      expect(first.headers["content-encoding"]).toBe("br");
      expect(first.headers["cache-control"]).toBe("no-cache");
      const html = brotliDecompressSync(first.rawPayload).toString();
      expect(html).toContain('<script id="mailsmith-landing" type="application/json">');
      expect(html).toContain('<link rel="preload" as="image" href="/content/hero-preview.svg"');
      const inlined = JSON.parse(html.match(/application\/json">(.*?)<\/script>/)![1]!);
      expect(inlined.hero.data.title).toBe("Create Stunning HTML Email Templates");
      expect(inlined.testimonials.data.data.length).toBeGreaterThan(0);

      // A browser revalidating an unchanged page gets a 304; after a write the same tag gets the new page. The tag is
      // the brotli bytes': the same browser sends the same Accept-Encoding; without it, a 200.
      const etag = String(first.headers.etag);
      const unchanged = await app.inject({
        method: "GET",
        url: "/",
        headers: { "if-none-match": etag, "accept-encoding": "gzip, br" },
      });
      expect(unchanged.statusCode).toBe(304);

      const hero = (await content.getHero())!;
      await content.putHero(TEST_ACTOR, { ...hero, title: "Inlined after a write" });
      const plain = await app.inject({ method: "GET", url: "/", headers: { "if-none-match": etag } });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers.etag).not.toBe(etag);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body).toContain("Inlined after a write");
      await content.resetHero(TEST_ACTOR);
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
