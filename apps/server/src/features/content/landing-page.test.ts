import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { buildLandingHtml, landingPageRoute } from "./landing-page.js";
import type { ContentService } from "./service.js";

const answer = (data: unknown, etag = '"t"') => ({
  body: JSON.stringify({ success: true, data, message: "ok" }),
  etag,
});
const template = '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>';

function parts(hero: unknown) {
  return {
    hero: answer(hero),
    banner: answer(null),
    features: answer([]),
    about: answer(null),
    contactPage: answer(null),
    testimonials: answer({ data: [], total: 0 }),
    footer: answer({ bottomSection: { copyrightText: "</script><script>alert(1)</script>" } }, '"footer-v2"'),
  };
}

describe("buildLandingHtml", () => {
  it("inlines every answer as JSON nobody can break out of, with the footer version", () => {
    const html = buildLandingHtml(template, parts({ title: "Hi", imageUrl: "/content/hero.svg", videoUrl: "" }));
    const json = html.match(/<script id="mailsmith-landing" type="application\/json">(.*?)<\/script>/)?.[1];
    expect(json).toBeTruthy();
    expect(html.match(/<script/g)?.length).toBe(1);
    const data = JSON.parse(json!);
    expect(data.hero.data.title).toBe("Hi");
    expect(data.footer.data.bottomSection.copyrightText).toBe("</script><script>alert(1)</script>");
    expect(data.footerVersion).toBe('"footer-v2"');
    expect(html.indexOf("mailsmith-landing")).toBeLessThan(html.indexOf("</head>"));
  });

  it("preloads the hero image, escaped, unless a video replaces it", () => {
    const withImage = buildLandingHtml(template, parts({ imageUrl: '/a.svg?x="y"', videoUrl: "" }));
    expect(withImage).toContain('<link rel="preload" as="image" href="/a.svg?x=&quot;y&quot;" fetchpriority="high" />');
    const withVideo = buildLandingHtml(
      template,
      parts({ imageUrl: "/a.svg", videoUrl: "https://youtu.be/dQw4w9WgXcQ" }),
    );
    expect(withVideo).not.toContain('rel="preload"');
  });

  it("keeps admin text with $ replacement patterns literally", () => {
    const html = buildLandingHtml(template, parts({ title: "Save $& and $' and $`", imageUrl: "", videoUrl: "" }));
    const json = html.match(/<script id="mailsmith-landing" type="application\/json">(.*?)<\/script>/)?.[1];
    expect(JSON.parse(json!).hero.data.title).toBe("Save $& and $' and $`");
    expect(html.match(/<\/head>/g)).toHaveLength(1);
  });
});

describe("GET / (landingPageRoute)", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** A content service whose hero title and cache version the test changes, counting how often it is read. */
  async function landingServer() {
    const webDist = mkdtempSync(path.join(tmpdir(), "landing-"));
    dirs.push(webDist);
    writeFileSync(path.join(webDist, "index.html"), template);
    const state = { title: "First", heroReads: 0 };
    const cache = { version: 1 };
    const fixed = (data: unknown) => async () => answer(data);
    const content = {
      cache,
      heroAnswer: async () => {
        state.heroReads++;
        // The reads take a moment, as a database read would: requests keep arriving meanwhile.
        await new Promise((r) => setTimeout(r, 20));
        return answer({ title: state.title, imageUrl: "", videoUrl: "" }, `"hero-${state.title}"`);
      },
      bannerAnswer: fixed(null),
      featuresAnswer: fixed([]),
      aboutAnswer: fixed(null),
      contactPageAnswer: fixed(null),
      testimonialsAnswer: fixed({ data: [], total: 0 }),
      footerAnswer: fixed(null),
    } as unknown as ContentService;
    const app = Fastify();
    await landingPageRoute(app, { webDist, content });
    await app.ready();
    const page = async () => {
      const res = await app.inject({ method: "GET", url: "/" });
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    return { app, state, cache, page };
  }

  it("builds the page once for requests that arrive together, and once again after an edit", async () => {
    const { app, state, cache, page } = await landingServer();
    const first = await Promise.all(Array.from({ length: 20 }, page));
    expect(new Set(first).size).toBe(1);
    expect(first[0]).toContain('"title":"First"');
    expect(state.heroReads).toBe(1);

    state.title = "Second";
    cache.version++;
    const second = await Promise.all(Array.from({ length: 20 }, page));
    // Every request after the edit sees the edit: none is handed the previous page while the new one is built.
    expect(second.every((html) => html.includes('"title":"Second"'))).toBe(true);
    expect(state.heroReads).toBe(2);
    await app.close();
  });

  it("marks the page for a request with a session cookie, with its own ETag, and nothing personal in it", async () => {
    const { app } = await landingServer();
    const visitor = await app.inject({ method: "GET", url: "/" });
    const cookie = "theme=dark; better-auth.session_token=abc.def";
    const member = await app.inject({ method: "GET", url: "/", headers: { cookie } });
    expect(visitor.body).toMatch(/<html>/);
    expect(member.body).toMatch(/<html data-session>/);
    expect(member.body.replace("<html data-session>", "<html>")).toBe(visitor.body);
    expect(member.headers.etag).not.toBe(visitor.headers.etag);
    expect(member.headers.vary).toContain("cookie");
    // A browser that signed out revalidates with the marked page's ETag and gets the visitor's page.
    const afterSignOut = await app.inject({
      method: "GET",
      url: "/",
      headers: { "if-none-match": String(member.headers.etag) },
    });
    expect(afterSignOut.statusCode).toBe(200);
    expect(afterSignOut.body).toBe(visitor.body);
    await app.close();
  });
});
