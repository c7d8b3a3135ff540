import { TEMPLATE_EDIT_TEXTS } from "@mailsmith/shared";
import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../test/fixtures/email-corpus/load.js";
import { applyEdits, EditRefused } from "./apply-edits.js";
import { loadEmail, visibleText } from "./dom.js";
import { readParts } from "./template-parts.js";

const EMAIL = `<!DOCTYPE html><html lang="en"><head><title>News</title><style>p{margin:0}</style></head><body>
<div style="display:none">Preheader text</div>
<table role="presentation" width="100%"><tr><td align="center">
<table role="presentation" width="600">
<tr><td><img src="https://cdn.example.com/logo.png" alt="Acme" width="120"></td></tr>
<tr><td><h1 style="font-size:28px"><span style="color:#111111">Spring sale</span></h1>
<p>Everything <strong>half</strong> price.</p>
<p>Read <a href="https://example.com/story?a=1&amp;b=2">the story</a>.</p></td></tr>
<tr><td bgcolor="#1a73e8" style="background-color:#1a73e8;border-radius:4px"><a href="https://example.com/shop" style="color:#ffffff">Shop now</a></td></tr>
<tr><td><img src="https://cdn.example.com/hero.jpg" width="600" height="300"></td></tr>
</table></td></tr></table></body></html>`;

const partsOf = (html: string) => readParts(html).parts;

describe("readParts", () => {
  it("lists sections, texts, links, buttons and pictures with ids in document order, hidden text left out", () => {
    const parts = partsOf(EMAIL);
    const kinds = parts.map((p) => `${p.id}:${p.text ?? p.src ?? p.name}`);
    expect(kinds).toEqual([
      "section-0:Acme",
      "section-1:Spring sale",
      "section-2:Shop now",
      "section-3:#4",
      "image-0:https://cdn.example.com/logo.png",
      "text-0:Spring sale",
      "text-1:Everything half price.",
      "text-2:Read the story.",
      "link-0:the story",
      "button-0:Shop now",
      "image-1:https://cdn.example.com/hero.jpg",
    ]);
    expect(parts.find((p) => p.id === "link-0")).toMatchObject({ href: "https://example.com/story?a=1&b=2" });
    expect(parts.find((p) => p.id === "button-0")).toMatchObject({ background: "#1a73e8", section: "section-2" });
    expect(parts.find((p) => p.id === "image-1")).toMatchObject({ alt: null });
    expect(parts.find((p) => p.id === "text-1")).toMatchObject({ formatted: true });
    // A paragraph with a link is a text (decision 140); its link is still a part of its own, with the same id.
    expect(parts.find((p) => p.id === "text-2")).toMatchObject({
      segments: [{ text: "Read " }, { text: "the story", link: "link-0" }, { text: "." }],
    });
    expect(parts.find((p) => p.id === "link-0")).toMatchObject({ within: "text-2" });
  });
});

describe("applyEdits", () => {
  it("writes text escaped, keeps the heading's styled wrapper, and changes links, buttons and pictures", () => {
    const { html } = applyEdits(EMAIL, [
      { op: "text", id: "text-0", text: 'Summer <script>alert("x")</script> & more' },
      { op: "link", id: "link-0", href: "https://example.org/a?x=1&y=2", label: "the whole story" },
      { op: "button", id: "button-0", label: "Buy", background: "#0B8043" },
      { op: "image", id: "image-1", src: "https://cdn.example.com/new.png", alt: 'Two "friends"' },
    ]);
    expect(html).toContain(
      '<span style="color:#111111">Summer &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more</span>',
    );
    expect(html).not.toContain("<script>");
    expect(html).toContain('<a href="https://example.org/a?x=1&amp;y=2">the whole story</a>');
    expect(html).toContain('bgcolor="#0b8043" style="background-color:#0b8043;border-radius:4px"');
    expect(html).toContain(">Buy</a>");
    expect(html).toContain('src="https://cdn.example.com/new.png" width="600" alt="Two &quot;friends&quot;"');
    // The read-back is what the member wrote.
    const after = partsOf(html);
    expect(after.find((p) => p.id === "text-0")?.text).toBe('Summer <script>alert("x")</script> & more');
    expect(after.find((p) => p.id === "link-0")?.href).toBe("https://example.org/a?x=1&y=2");
    expect(after.find((p) => p.id === "image-1")?.alt).toBe('Two "friends"');
  });

  it("removes and reorders sections", () => {
    const { html } = applyEdits(EMAIL, [{ op: "sections", order: ["section-2", "section-1"] }]);
    const names = partsOf(html)
      .filter((p) => p.kind === "section")
      .map((p) => p.name);
    expect(names).toEqual(["Shop now", "Spring sale"]);
    expect(html).not.toContain("logo.png");
    expect(html).toContain("Preheader text");
  });

  it("refuses javascript:, data: and scheme-less addresses, bad colours, unknown ids and duplicated sections", () => {
    const refused = (edit: Parameters<typeof applyEdits>[1][number]) => () => applyEdits(EMAIL, [edit]);
    expect(refused({ op: "link", id: "link-0", href: "javascript:alert(1)" })).toThrow(EditRefused);
    expect(refused({ op: "link", id: "link-0", href: " JavaScript:alert(1)" })).toThrow(EditRefused);
    expect(refused({ op: "link", id: "link-0", href: "example.com" })).toThrow(EditRefused);
    expect(refused({ op: "image", id: "image-0", src: "data:image/png;base64,AAAA" })).toThrow(EditRefused);
    expect(refused({ op: "image", id: "image-0", src: "mailto:a@b.c" })).toThrow(EditRefused);
    expect(refused({ op: "button", id: "button-0", background: "red;background:url(x)" })).toThrow(EditRefused);
    expect(refused({ op: "text", id: "text-9", text: "x" })).toThrow(EditRefused);
    expect(refused({ op: "text", id: "link-0", text: "x" })).toThrow(EditRefused);
    expect(refused({ op: "sections", order: ["section-1", "section-1"] })).toThrow(EditRefused);
    expect(applyEdits(EMAIL, [{ op: "link", id: "link-0", href: "mailto:hi@example.com" }]).html).toContain(
      'href="mailto:hi@example.com"',
    );
    expect(applyEdits(EMAIL, [{ op: "link", id: "link-0", href: "tel:+4420123" }]).html).toContain(
      'href="tel:+4420123"',
    );
  });
});

/**
 * Texts that hold links (decision 140), on real templates of the corpus: a footer with an unsubscribe link
 * (leemunroe), a footer line of three links (Foundation's drip), and a dark footer whose link was once read as a button
 * (Mailgen's neopolitan).
 */
describe("a text that holds links, on real templates", async () => {
  const corpus = await loadCorpus({
    only: (m) => ["leemunroe-email", "foundation-drip", "mailgen-neopolitan-welcome"].includes(m.id),
  });
  const html = (id: string) => corpus.find((c) => c.id === id)!.html;
  const textWith = (email: string, words: string) => {
    const parts = partsOf(email);
    const text = parts.find((p) => p.kind === "text" && p.text?.includes(words));
    if (!text?.segments) throw new Error(`no text with links holds "${words}"`);
    return { text, segments: text.segments, links: parts.filter((p) => p.within === text.id) };
  };
  /** The <a> elements of the text holding `words` in `email`, as written. */
  const anchors = (email: string, words: string) => {
    const $ = loadEmail(email);
    return $("td,p")
      .filter((_, el) => $(el).children("table,p,div").length === 0 && visibleText($(el).text()).includes(words))
      .last()
      .find("a")
      .toArray()
      .map((a) => $.html(a));
  };

  it("a footer's words change around its unsubscribe link, which keeps its address, style and attributes", () => {
    const email = html("leemunroe-email");
    const { text, segments, links } = textWith(email, "Unsubscribe");
    expect(segments).toEqual([
      { text: "Company Inc, 3 Abbey Road, San Francisco CA 94102\nDon't like these emails? " },
      { text: "Unsubscribe", link: links[0]!.id },
      { text: "." },
    ]);
    const before = anchors(email, "Don't like these emails");
    const edited = applyEdits(email, [
      {
        op: "text",
        id: text.id,
        segments: [
          { text: "Acme <Ltd> & Co, 1 Main Street\nHad enough? " },
          segments[1]!,
          { text: " here, or visit https://acme.example." },
        ],
      },
    ]).html;
    // The words are text (escaped, a typed address stays words), the line break a <br>, the link as it was.
    expect(edited).toContain("Acme &lt;Ltd&gt; &amp; Co, 1 Main Street<br>Had enough? ");
    expect(edited).not.toContain('href="https://acme.example');
    expect(anchors(edited, "Had enough?")).toEqual(before);
    const after = textWith(edited, "Had enough?");
    expect(after.segments).toEqual([
      { text: "Acme <Ltd> & Co, 1 Main Street\nHad enough? " },
      { text: "Unsubscribe", link: after.links[0]!.id },
      { text: " here, or visit https://acme.example." },
    ]);
    expect(after.links[0]).toMatchObject({ id: links[0]!.id, href: "http://i.imgur.com/CScmqnj.gif" });
  });

  it("a link's words change in its text; its address stays, and its address can change in the same save", () => {
    const email = html("leemunroe-email");
    const { text, segments, links } = textWith(email, "Unsubscribe");
    const edited = applyEdits(email, [
      { op: "text", id: text.id, segments: segments.map((s) => (s.link ? { ...s, text: "Stop these emails" } : s)) },
      { op: "link", id: links[0]!.id, href: "https://acme.example/unsubscribe" },
    ]).html;
    const after = textWith(edited, "Stop these emails");
    expect(after.segments[1]).toEqual({ text: "Stop these emails", link: links[0]!.id });
    expect(after.links[0]).toMatchObject({ text: "Stop these emails", href: "https://acme.example/unsubscribe" });
    expect(after.text.text).toBe(
      "Company Inc, 3 Abbey Road, San Francisco CA 94102 Don't like these emails? Stop these emails.",
    );
  });

  it("a link whose words were deleted is left out: removed with its words, never an empty <a>; the others stay", () => {
    const email = html("foundation-drip");
    const { text, segments, links } = textWith(email, "Manage Email Notifications");
    expect(links.map((l) => l.text)).toEqual(["hello@nocopywrite.com", "Manage Email Notifications", "Unsubscribe"]);
    // A link segment with no words is refused: nothing is written.
    const blank = segments.map((s) => (s.link === links[1]!.id ? { ...s, text: " " } : s));
    expect(() => applyEdits(email, [{ op: "text", id: text.id, segments: blank }])).toThrow(
      new EditRefused(TEMPLATE_EDIT_TEXTS.linkEmptyWords),
    );
    const kept = segments.filter((s) => s.link !== links[1]!.id);
    const edited = applyEdits(email, [{ op: "text", id: text.id, segments: kept }]).html;
    expect(edited).not.toContain("Manage Email Notifications");
    expect(edited).not.toMatch(/<a\b[^>]*>\s*<\/a>/);
    const after = textWith(edited, "Unsubscribe");
    expect(after.links.map((l) => l.text)).toEqual(["hello@nocopywrite.com", "Unsubscribe"]);
    expect(after.segments.map((s) => s.text)).toEqual([
      "@copywrite nobody\n",
      "hello@nocopywrite.com",
      " | | ",
      "Unsubscribe",
    ]);
    expect(anchors(edited, "@copywrite nobody")).toEqual(
      anchors(email, "@copywrite nobody").filter((a) => !a.includes("Manage Email Notifications")),
    );
  });

  it("a dark footer's link is a link in its text, not a button; the text is edited around it", () => {
    const email = html("mailgen-neopolitan-welcome");
    const { text, segments, links } = textWith(email, "All rights reserved");
    expect(links).toEqual([expect.objectContaining({ kind: "link", text: "Mailgen", href: "https://mailgen.js/" })]);
    expect(segments.map((s) => s.text)).toEqual(["© 2026 ", "Mailgen", ". All rights reserved."]);
    const edited = applyEdits(email, [
      { op: "text", id: text.id, segments: [{ text: "© 2026 " }, segments[1]!, { text: " Inc. Made with care." }] },
    ]).html;
    expect(textWith(edited, "Made with care").text.text).toBe("© 2026 Mailgen Inc. Made with care.");
    expect(anchors(edited, "Made with care")).toEqual(anchors(email, "All rights reserved"));
  });

  it("refuses plain text on a text with links, a link of another text, a link twice, and its words changed twice", () => {
    const email = html("leemunroe-email");
    const { text, segments, links } = textWith(email, "Unsubscribe");
    const other = textWith(email, "Powered by");
    const refused = (edits: Parameters<typeof applyEdits>[1], message: string) =>
      expect(() => applyEdits(email, edits)).toThrow(new EditRefused(message));
    refused([{ op: "text", id: text.id, text: "No more links" }], TEMPLATE_EDIT_TEXTS.textHasLinks);
    refused(
      [{ op: "text", id: text.id, segments: [{ text: "See " }, other.segments[1]!] }],
      TEMPLATE_EDIT_TEXTS.unknownPart,
    );
    refused([{ op: "text", id: text.id, segments: [...segments, segments[1]!] }], TEMPLATE_EDIT_TEXTS.linkTwice);
    refused(
      [
        { op: "text", id: text.id, segments },
        { op: "link", id: links[0]!.id, label: "Leave" },
      ],
      TEMPLATE_EDIT_TEXTS.linkWordsTwice,
    );
    refused([{ op: "text", id: text.id, segments: [{ text: "  " }] }], TEMPLATE_EDIT_TEXTS.emptyText);
  });
});
