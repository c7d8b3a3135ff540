import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { CONTENT_ROUTES } from "@mailsmith/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPackage } from "./commerce-helpers.js";
import { startTestServer, type TestServer } from "./harness.js";

// The server's half of the prerendered landing page (decision 082): it loads the web build's prerender module from
// `<webDist>-ssr/`, hands it the same content it inlines, and puts the markup inside #root. The module here stands
// in for the React build (the browser test with JavaScript off checks the real one): it renders the hero title
// and the package names it was given, escaped, and fails on demand.
const PRERENDER_MODULE = `
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => "&#" + c.charCodeAt(0) + ";");
export async function renderLanding({ content, packages }) {
  if (content.hero.data.title === "Break the prerender") throw new Error("boom");
  return "<main><h1>" + esc(content.hero.data.title) + "</h1><ul>" +
    (packages ?? []).map((p) => "<li>" + esc(p.packageName) + "</li>").join("") + "</ul></main>";
}
`;
const TEMPLATE =
  '<!doctype html><html><head><title>t</title><script type="module" src="/assets/index.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

let server: TestServer;
let webDist: string;

beforeAll(async () => {
  webDist = path.join(mkdtempSync(path.join(tmpdir(), "ms-landing-")), "dist");
  mkdirSync(webDist);
  mkdirSync(`${webDist}-ssr`);
  writeFileSync(path.join(webDist, "index.html"), TEMPLATE);
  writeFileSync(path.join(`${webDist}-ssr`, "entry-landing-server.js"), PRERENDER_MODULE);
  // A built asset with its precompressed copies, as the web build writes them.
  mkdirSync(path.join(webDist, "assets"));
  const asset = Buffer.from(`console.log(${JSON.stringify("x".repeat(200))});`);
  writeFileSync(path.join(webDist, "assets", "index.js"), asset);
  writeFileSync(path.join(webDist, "assets", "index.js.br"), brotliCompressSync(asset));
  writeFileSync(path.join(webDist, "assets", "index.js.gz"), gzipSync(asset));
  server = await startTestServer({ webDist });
});

afterAll(async () => {
  await server?.close();
  rmSync(path.dirname(webDist), { recursive: true, force: true });
});

/** The markup inside <div id="root"> and where it starts in the page. */
async function landing() {
  const res = await server.client().get<string>("/");
  expect(res.status).toBe(200);
  const html = res.body;
  const match = html.match(/<div id="root">(.*)<\/div><\/body>/s);
  return { html, root: match?.[1] ?? "" };
}

describe("GET / prerendered", () => {
  it("has the hero title and the packages on sale inside #root, as HTML that needs no script", async () => {
    const admin = await server.admin();
    await addPackage(admin, { packageName: "Starter <pack>" });
    const hero = (await admin.get(CONTENT_ROUTES.hero)).body.data;
    expect((await admin.put(CONTENT_ROUTES.hero, { ...hero, title: "Emails from <designs>" })).status).toBe(200);
    const { html, root } = await landing();
    expect(root).toContain("<h1>Emails from &#60;designs&#62;</h1>");
    expect(root).toContain("<li>Starter &#60;pack&#62;</li>");
    expect(root).not.toContain("<script");
    // The inlined JSON the browser seeds its queries with (and hydrates against) is still there, "<" escaped.
    const packagesJson = html.match(/<script id="mailsmith-landing-packages" type="application\/json">(.*?)<\/script>/);
    expect(packagesJson?.[1]).toContain("Starter \\u003cpack>");
    expect(JSON.parse(packagesJson![1]!)[0].packageName).toBe("Starter <pack>");
    expect(html).toContain('<script id="mailsmith-landing" type="application/json">');
  });

  it("renders again after the next admin write, and falls back to an empty #root when the prerender fails", async () => {
    const admin = await server.admin();
    const hero = (await admin.get(CONTENT_ROUTES.hero)).body.data;
    try {
      expect((await admin.put(CONTENT_ROUTES.hero, { ...hero, title: "Prerendered & fresh" })).status).toBe(200);
      expect((await landing()).root).toContain("<h1>Prerendered &#38; fresh</h1>");

      expect((await admin.put(CONTENT_ROUTES.hero, { ...hero, title: "Break the prerender" })).status).toBe(200);
      const { html, root } = await landing();
      expect(root).toBe("");
      expect(html).toContain("Break the prerender");
    } finally {
      await admin.post(`${CONTENT_ROUTES.hero}/reset`);
    }
  });

  it("honours Accept-Encoding weights with an ETag per encoding, from the route and from the recordings alike", async () => {
    // A cookie that is no session reaches the route itself (no recording answers a request with a cookie); the same
    // request without it is answered from the recordings once the route has answered it once.
    const get = async (acceptEncoding: string, extra: Record<string, string> = {}) => {
      const res = await fetch(`${server.url}/`, { headers: { "accept-encoding": acceptEncoding, ...extra } });
      await res.arrayBuffer();
      return { status: res.status, encoding: res.headers.get("content-encoding"), etag: res.headers.get("etag") };
    };
    for (const extra of [{ cookie: "theme=dark" }, {}, {}] as Record<string, string>[]) {
      const br = await get("gzip, deflate, br", extra);
      const gzip = await get("br;q=0, gzip", extra);
      const identity = await get("gzip;q=0", extra);
      expect([br.status, gzip.status, identity.status]).toEqual([200, 200, 200]);
      expect([br.encoding, gzip.encoding, identity.encoding]).toEqual(["br", "gzip", null]);
      // Three different byte sequences, three tags: the page's, with -br and -gz.
      expect(br.etag).toBe(identity.etag!.replace(/"$/, '-br"'));
      expect(gzip.etag).toBe(identity.etag!.replace(/"$/, '-gz"'));
      expect(await get("gzip;q=1, br;q=0.5", extra)).toEqual(gzip);
      // A 304 only for the tag of the bytes it would send.
      expect(await get("gzip", { ...extra, "if-none-match": br.etag! })).toEqual(gzip);
      expect(await get("gzip", { ...extra, "if-none-match": gzip.etag! })).toMatchObject({
        status: 304,
        etag: gzip.etag,
      });
      expect(await get("deflate", { ...extra, "if-none-match": `W/${identity.etag}` })).toMatchObject({ status: 304 });
      // Brotli, gzip and the identity form all refused: 406, not a page the client said it cannot read.
      expect((await get("identity;q=0", extra)).status).toBe(406);
      expect((await get("*;q=0", extra)).status).toBe(406);
    }
    expect(server.recordedUrls()).toEqual(expect.arrayContaining(["/ br", "/ gzip", "/ identity"]));
  });

  it("sends the web build's precompressed files by the same rule", async () => {
    const get = async (acceptEncoding: string) => {
      const res = await fetch(`${server.url}/assets/index.js`, { headers: { "accept-encoding": acceptEncoding } });
      const text = await res.text();
      return { status: res.status, encoding: res.headers.get("content-encoding"), ok: text.startsWith("console.log") };
    };
    expect(await get("gzip, deflate, br")).toEqual({ status: 200, encoding: "br", ok: true });
    expect(await get("br;q=0, gzip")).toEqual({ status: 200, encoding: "gzip", ok: true });
    // A refused coding stays refused under "*" (@fastify/static alone sent gzip here).
    expect(await get("gzip;q=0, *")).toEqual({ status: 200, encoding: "br", ok: true });
    expect(await get("br;q=0, gzip;q=0, *")).toEqual({ status: 200, encoding: null, ok: true });
    expect((await get("identity;q=0")).status).toBe(406);
  });

  it("is answered to visitors from recordings per encoding, follows the next write, and a member still gets their page", async () => {
    const visitorPage = async (acceptEncoding: string) => {
      const res = await fetch(`${server.url}/`, { headers: { "accept-encoding": acceptEncoding } });
      expect(res.status).toBe(200);
      return { encoding: res.headers.get("content-encoding"), html: await res.text() };
    };
    const brotli = await visitorPage("gzip, deflate, br");
    const plain = await visitorPage("deflate");
    expect([brotli.encoding, plain.encoding]).toEqual(["br", null]);
    expect(server.recordedUrls()).toEqual(expect.arrayContaining(["/ br", "/ identity"]));
    expect((await visitorPage("br")).html).toBe(brotli.html);
    expect((await visitorPage("identity")).html).toBe(plain.html);
    expect(brotli.html).toBe(plain.html);

    const admin = await server.admin();
    const hero = (await admin.get(CONTENT_ROUTES.hero)).body.data;
    try {
      expect((await admin.put(CONTENT_ROUTES.hero, { ...hero, title: "Replayed until this write" })).status).toBe(200);
      expect((await visitorPage("br")).html).toContain("<h1>Replayed until this write</h1>");
      // The admin's own request (session cookie) is not a visitor's: it gets the page marked for a session.
      expect((await admin.get<string>("/")).body).toContain("<html data-session");
      expect((await visitorPage("br")).html).not.toContain("data-session");
    } finally {
      await admin.post(`${CONTENT_ROUTES.hero}/reset`);
    }
  });
});
