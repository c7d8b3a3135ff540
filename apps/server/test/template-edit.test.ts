import { EMAIL_REPORT_UI, type TEditablePart, TEMPLATE_EDIT_TEXTS } from "@mailsmith/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type GeminiStandIn, startGeminiStandIn } from "../stand-ins/gemini.js";
import { designForm, templateOfJob } from "./generator-helpers.js";
import { startTestServer, type TestClient, type TestServer } from "./harness.js";

/**
 * Edit in place and the report's fixes (decision 126): a member's edits and one-click
 * fixes make a new version, free, checked and rendered again, scored against the chain's original design.
 */
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

let server: TestServer;
let standIn: GeminiStandIn;
beforeAll(async () => {
  standIn = await startGeminiStandIn();
  server = await startTestServer({
    env: { GEMINI_BASE_URL: standIn.url, GEMINI_TIMEOUT_MS: "30000", GENERATION_POLL_MS: "150" },
  });
  const admin = await server.admin();
  expect(
    (await admin.post("/api/gemini-keys", { name: "k", key: "standin-template-edit-key-0123456789" })).status,
  ).toBe(201);
});
afterAll(async () => {
  await server?.close();
  await standIn?.close();
});

const EMAIL = `<!DOCTYPE html><html lang="en" dir="ltr"><head><meta charset="utf-8"><title>Spring sale</title></head><body>
<table role="presentation" width="100%"><tr><td align="center">
<table role="presentation" width="100%" style="max-width:600px;background-color:#ffffff">
<tr><td style="padding:24px;color:#111111;font-size:16px"><h1 style="font-size:28px">Spring sale</h1>
<p>Everything in the shop is half price this week, with free delivery on every order.</p>
<p>Read <a href="https://example.com/story">the whole story on our blog</a> or
<a href="{{unsubscribe_url}}">unsubscribe</a>. Acme Ltd, 1 Main Street, Springfield.</p></td></tr>
<tr><td style="padding:24px"><img src="https://example.com/hero.png" alt="Our spring collection" width="552" style="width:100%;max-width:552px;height:auto"></td></tr>
<tr><td style="padding:24px"><table role="presentation"><tr><td bgcolor="#1a73e8" style="background-color:#1a73e8;padding:12px 20px"><a href="https://example.com/shop" style="color:#ffffff;font-size:16px;text-decoration:none">Shop the sale</a></td></tr></table></td></tr>
</table></td></tr></table></body></html>`;

type Template = {
  _id: string;
  html: string;
  version: number;
  parentId: string | null;
  credit: number;
  score: number | null;
  designUrl?: string | null;
  instructions: string;
  versions: { _id: string; score: number | null }[];
  report: {
    passed: boolean;
    checks: { id: string; status: string; reason?: string }[];
    previews?: { desktop?: string };
  };
};

const balance = async (c: TestClient): Promise<number> => (await c.get("/api/me")).body.user.currentBalance;
const partsOf = async (c: TestClient, id: string): Promise<TEditablePart[]> => {
  const res = await c.get(`/api/templates/${id}/parts`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.parts;
};
const imported = async (c: TestClient, html = EMAIL): Promise<Template> => {
  const res = await c.post("/api/templates/import", { html });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (await c.get(`/api/templates/${res.body.data._id}`)).body.data;
};
const find = (
  parts: TEditablePart[],
  kind: TEditablePart["kind"],
  test: (p: TEditablePart) => boolean = () => true,
) => {
  const p = parts.find((x) => x.kind === kind && test(x));
  if (!p) throw new Error(`no ${kind} part`);
  return p;
};
const png = (colour: string) =>
  sharp({ create: { width: 300, height: 150, channels: 3, background: colour } })
    .png()
    .toBuffer();

describe("edit in place: GET /api/templates/:id/parts, POST /api/templates/:id/edits", () => {
  it("changes a heading, a link, a button and a picture into a new version, free, checked and rendered again", async () => {
    const m = await server.member();
    const t = await imported(m);
    const parts = await partsOf(m, t._id);
    const heading = find(parts, "text", (p) => p.tag === "h1");
    const link = find(parts, "link", (p) => p.href === "https://example.com/story");
    const button = find(parts, "button");
    const picture = find(parts, "image");
    expect(heading.text).toBe("Spring sale");
    expect(button).toMatchObject({ text: "Shop the sale", background: "#1a73e8" });
    expect(picture).toMatchObject({ src: "https://example.com/hero.png", alt: "Our spring collection" });
    expect(parts.filter((p) => p.kind === "section")).toHaveLength(3);

    const upload = new FormData();
    upload.append("image", new Blob([new Uint8Array(await png("#22aa55"))], { type: "image/png" }), "new.png");
    const pic = await m.request("POST", `/api/templates/${t._id}/pictures`, upload);
    expect(pic.status, JSON.stringify(pic.body)).toBe(201);
    const before = await balance(m);

    const res = await m.post(`/api/templates/${t._id}/edits`, {
      edits: [
        { op: "text", id: heading.id, text: "Summer <b>sale</b> & more" },
        { op: "link", id: link.id, href: "https://example.org/summer?a=1&b=2", label: "our summer story" },
        { op: "button", id: button.id, label: "Shop summer", background: "#0b5394" },
        { op: "image", id: picture.id, src: pic.body.data.url, alt: "Green summer dresses" },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const v2 = res.body.data as Template;
    expect(v2._id).not.toBe(t._id);
    expect(v2).toMatchObject({
      parentId: t._id,
      version: 2,
      credit: 0,
      instructions: expect.stringMatching(/^Edited:/),
    });
    // The text is text: escaped, never markup.
    expect(v2.html).toContain("Summer &lt;b&gt;sale&lt;/b&gt; &amp; more");
    expect(v2.html).not.toContain("<b>sale</b>");
    expect(v2.html).toContain('href="https://example.org/summer?a=1&amp;b=2"');
    expect(v2.html).toContain(pic.body.data.url);
    expect(v2.html).toMatch(/background-color:#0b5394/);
    expect(v2.report.checks.filter((c) => c.status === "fail").map((c) => c.id)).toEqual([]);
    expect(v2.report.previews?.desktop).toBeTruthy();
    expect(v2.versions.map((v) => v._id)).toEqual([t._id, v2._id]);
    expect(await balance(m)).toBe(before);
    // The parts of the new version read back what the member wrote; the old version is as it was.
    const after = await partsOf(m, v2._id);
    expect(find(after, "text", (p) => p.tag === "h1").text).toBe("Summer <b>sale</b> & more");
    expect(find(after, "button")).toMatchObject({ text: "Shop summer", background: "#0b5394" });
    expect((await m.get(`/api/templates/${t._id}`)).body.data.html).toContain("Spring sale");
  });

  it("removes and reorders sections", async () => {
    const m = await server.member();
    const t = await imported(m);
    const sections = (await partsOf(m, t._id)).filter((p) => p.kind === "section");
    const res = await m.post(`/api/templates/${t._id}/edits`, {
      edits: [{ op: "sections", order: [sections[2]!.id, sections[0]!.id] }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const html = res.body.data.html as string;
    expect(html).not.toContain("hero.png");
    expect(html.indexOf("Shop the sale")).toBeLessThan(html.indexOf("Spring sale</h1>"));
  });

  it("refuses bad schemes, colours and unknown parts, saves nothing and takes nothing; only the owner edits", async () => {
    const m = await server.member();
    const t = await imported(m);
    const parts = await partsOf(m, t._id);
    const link = find(parts, "link", (p) => p.href === "https://example.com/story");
    const before = await balance(m);
    for (const edit of [
      { op: "link", id: link.id, href: "javascript:alert(document.cookie)" },
      { op: "link", id: link.id, href: "data:text/html,<script>alert(1)</script>" },
      { op: "link", id: link.id, href: "example.com/no-scheme" },
    ]) {
      const res = await m.post(`/api/templates/${t._id}/edits`, { edits: [edit] });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(TEMPLATE_EDIT_TEXTS.badScheme);
    }
    const picture = find(parts, "image");
    const badSrc = await m.post(`/api/templates/${t._id}/edits`, {
      edits: [{ op: "image", id: picture.id, src: "javascript:alert(1)" }],
    });
    expect(badSrc.status).toBe(400);
    const colour = await m.post(`/api/templates/${t._id}/edits`, {
      edits: [{ op: "button", id: find(parts, "button").id, background: "red;background:url(https://x)" }],
    });
    expect(colour.status).toBe(400);
    const unknown = await m.post(`/api/templates/${t._id}/edits`, {
      edits: [{ op: "text", id: "text-99", text: "x" }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(TEMPLATE_EDIT_TEXTS.unknownPart);
    const other = await server.member();
    expect((await other.get(`/api/templates/${t._id}/parts`)).status).toBe(404);
    const theirs = await other.post(`/api/templates/${t._id}/edits`, {
      edits: [{ op: "text", id: find(parts, "text").id, text: "Hacked" }],
    });
    expect(theirs.status).toBe(404);
    expect((await m.get(`/api/templates/${t._id}`)).body.data.versions).toHaveLength(1);
    expect(await balance(m)).toBe(before);
  });
});

describe("a text that holds links (decision 140)", () => {
  it("its words and a link's words change, the links keep their addresses; deleting a link's words removes it", async () => {
    const m = await server.member();
    const t = await imported(m);
    const parts = await partsOf(m, t._id);
    const footer = find(parts, "text", (p) => p.text?.startsWith("Read the whole story") === true);
    const [story, unsubscribe] = parts.filter((p) => p.within === footer.id);
    expect(story).toMatchObject({
      kind: "link",
      text: "the whole story on our blog",
      href: "https://example.com/story",
    });
    expect(unsubscribe).toMatchObject({ kind: "link", text: "unsubscribe", href: "{{unsubscribe_url}}" });
    expect(footer.segments).toEqual([
      { text: "Read " },
      { text: "the whole story on our blog", link: story!.id },
      { text: " or " },
      { text: "unsubscribe", link: unsubscribe!.id },
      { text: ". Acme Ltd, 1 Main Street, Springfield." },
    ]);
    const before = await balance(m);

    const res = await m.post(`/api/templates/${t._id}/edits`, {
      edits: [
        {
          op: "text",
          id: footer.id,
          segments: [
            { text: "Before you buy, read " },
            { text: "our terms", link: story!.id },
            { text: " (www.example.com/terms) in plain words or " },
            { text: "unsubscribe", link: unsubscribe!.id },
            { text: ". Acme <Ltd>, 1 Main Street, Springfield." },
          ],
        },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const v2 = res.body.data as Template;
    expect(v2).toMatchObject({ parentId: t._id, version: 2, credit: 0, instructions: "Edited: 1 text" });
    expect(v2.html).toMatch(/Before you buy, read <a href="https:\/\/example\.com\/story"[^>]*>our terms<\/a>/);
    expect(v2.html).toContain("Acme &lt;Ltd&gt;");
    // An address typed as words stays words.
    expect(v2.html).not.toMatch(/href="[^"]*www\.example\.com\/terms/);
    expect(v2.html).toContain('href="{{unsubscribe_url}}"');
    // The checks ran again on the new words ("N words of live text").
    const words = (tpl: Template) =>
      Number(
        /(\d+) words? of live text/.exec(tpl.report.checks.find((c) => c.id === "content.text")?.reason ?? "")?.[1],
      );
    expect(words(v2)).toBe(words(t) + 3);
    expect(v2.report.checks.filter((c) => c.status === "fail").map((c) => c.id)).toEqual([]);
    expect(v2.report.previews?.desktop).toBeTruthy();
    const after = await partsOf(m, v2._id);
    const footer2 = find(after, "text", (p) => p.text?.startsWith("Before you buy") === true);
    expect(footer2.segments?.map((s) => s.text)).toEqual([
      "Before you buy, read ",
      "our terms",
      " (www.example.com/terms) in plain words or ",
      "unsubscribe",
      ". Acme <Ltd>, 1 Main Street, Springfield.",
    ]);

    // The member deletes the words of the unsubscribe link: the page leaves it out and the link goes with them.
    const links2 = after.filter((p) => p.within === footer2.id);
    const removed = await m.post(`/api/templates/${v2._id}/edits`, {
      edits: [
        {
          op: "text",
          id: footer2.id,
          segments: [
            { text: "Before you buy, read " },
            { text: "our terms", link: links2[0]!.id },
            { text: ". Acme Ltd, 1 Main Street, Springfield." },
          ],
        },
      ],
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(201);
    const v3 = removed.body.data as Template;
    expect(v3.html).not.toContain("{{unsubscribe_url}}");
    expect(v3.html).not.toMatch(/<a\b[^>]*>\s*<\/a>/);
    expect(words(v3)).toBe(words(v2) - 6);
    expect(find(await partsOf(m, v3._id), "link", (p) => p.within !== undefined).href).toBe(
      "https://example.com/story",
    );
    expect(await balance(m)).toBe(before);
  });

  it("refuses a link with no words, a link twice and plain text over links with a message; nothing is saved", async () => {
    const m = await server.member();
    const t = await imported(m);
    const parts = await partsOf(m, t._id);
    const footer = find(parts, "text", (p) => p.segments !== undefined);
    const segments = footer.segments!;
    const before = await balance(m);
    const refused = async (edit: object, message: string) => {
      const res = await m.post(`/api/templates/${t._id}/edits`, { edits: [edit] });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toContain(message);
    };
    const T = TEMPLATE_EDIT_TEXTS;
    await refused(
      { op: "text", id: footer.id, segments: segments.map((s) => (s.link ? { ...s, text: "  " } : s)) },
      T.linkEmptyWords,
    );
    await refused({ op: "text", id: footer.id, segments: [...segments, segments[1]] }, T.linkTwice);
    await refused({ op: "text", id: footer.id, text: "No links any more" }, T.textHasLinks);
    await refused({ op: "text", id: footer.id, text: "x", segments }, T.textOrSegments);
    await refused(
      { op: "text", id: footer.id, segments: [{ text: "See " }, { text: "x", link: "text-0" }] },
      T.unknownPart,
    );
    expect((await m.get(`/api/templates/${t._id}`)).body.data.versions).toHaveLength(1);
    expect(await balance(m)).toBe(before);
  });
});

describe("the report's fixes on a template: POST /api/templates/:id/autofix", () => {
  const NEEDS_FIXES = EMAIL.replace('<html lang="en" dir="ltr">', "<html>")
    .replace("<title>Spring sale</title>", "")
    .replace(' alt="Our spring collection"', "");

  it("Fix accessibility and the member's alt texts each save a new version with the report line changed", async () => {
    const m = await server.member();
    const t = await imported(m, NEEDS_FIXES);
    const status = (tpl: Template, id: string) => tpl.report.checks.find((c) => c.id === id)?.status;
    expect(status(t, "a11y.lang")).not.toBe("pass");
    expect(status(t, "a11y.alt")).toBe("fail");
    const before = await balance(m);

    const fixed = await m.post(`/api/templates/${t._id}/autofix`, { fix: "accessibility" });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(201);
    const v2 = fixed.body.data as Template;
    expect(v2).toMatchObject({
      parentId: t._id,
      version: 2,
      credit: 0,
      instructions: EMAIL_REPORT_UI.autofix.accessibility,
    });
    expect(status(v2, "a11y.lang")).toBe("pass");
    expect(v2.html).toMatch(/<html[^>]* lang="en"/);
    expect(v2.report.previews?.desktop).toBeTruthy();
    // The picture's alt needs a person: still failing, and its field is the picture's part.
    expect(status(v2, "a11y.alt")).toBe("fail");
    const picture = find(await partsOf(m, v2._id), "image", (p) => p.alt === null);

    const empty = await m.post(`/api/templates/${v2._id}/autofix`, { fix: "alt-text", alts: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(EMAIL_REPORT_UI.altRequired);
    const alt = await m.post(`/api/templates/${v2._id}/autofix`, {
      fix: "alt-text",
      alts: [{ id: picture.id, alt: "Dresses on a rail" }],
    });
    expect(alt.status, JSON.stringify(alt.body)).toBe(201);
    const v3 = alt.body.data as Template;
    expect(status(v3, "a11y.alt")).toBe("pass");
    expect(v3.html).toContain('alt="Dresses on a rail"');
    expect(v3.versions.map((v) => v._id)).toEqual([t._id, v2._id, v3._id]);
    expect(await balance(m)).toBe(before);
    // The fixed template is as it was; a fix the report does not offer is refused.
    expect(status((await m.get(`/api/templates/${t._id}`)).body.data, "a11y.lang")).not.toBe("pass");
    const again = await m.post(`/api/templates/${v3._id}/autofix`, {
      fix: "alt-text",
      alts: [{ id: picture.id, alt: "x" }],
    });
    expect(again.status).toBe(400);
  });
});

describe("versions keep the original design (item 4)", () => {
  it("an edit and a refinement are scored against the root template's design", async () => {
    const m = await server.member();
    const design = await sharp({ create: { width: 600, height: 800, channels: 3, background: "#f5f5f5" } })
      .composite([
        {
          input: await sharp({ create: { width: 600, height: 120, channels: 3, background: "#1a73e8" } })
            .png()
            .toBuffer(),
          top: 0,
          left: 0,
        },
      ])
      .png()
      .toBuffer();
    const res = await m.request(
      "POST",
      "/api/generations",
      designForm(design, { emailType: "Newsletter Email Templates" }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const root = await templateOfJob<Template>(m, res.body.data.jobs[0]._id);
    expect(root.score).not.toBeNull();
    expect(root.designUrl).toBeTruthy();

    const text = find(await partsOf(m, root._id), "text");
    const edited = await m.post(`/api/templates/${root._id}/edits`, {
      edits: [{ op: "text", id: text.id, text: "A new first line" }],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(201);
    const v2 = edited.body.data as Template;
    expect(v2.designUrl).toBeTruthy();
    expect(v2.score).toEqual(expect.any(Number));
    expect(v2.versions.find((v) => v._id === v2._id)?.score).toBe(v2.score);

    // A refinement of the edit: its job carries the root's design, so it is scored too.
    const ref = await m.post(`/api/templates/${v2._id}/refinements`, { instructions: "make the header blue" });
    expect(ref.status, JSON.stringify(ref.body)).toBe(202);
    const v3 = await templateOfJob<Template>(m, ref.body.data.jobs[0]._id);
    expect(v3.parentId).toBe(v2._id);
    expect(v3.designUrl).toBeTruthy();
    expect(v3.score).toEqual(expect.any(Number));
  });
});
