import fc from "fast-check";
import { parse } from "parse5";
import { describe, expect, it } from "vitest";
import { hostileMarkup } from "../../../test/hostile-markup.js";
import { hasMergeTag, MERGE_TAG, withoutMergeTags } from "../dom.js";
import { processEmail } from "../process-email.js";
import { KEPT_ELEMENTS } from "./allow-list.js";
import { EMAIL_BOUNDS, EmailBoundsError } from "./bounds.js";
import { noCounts, sanitizeEmailHtml, verifyEmailHtml } from "./sanitize-html.js";
import { safeCss, safeSrcset, safeUrl } from "./urls.js";

/** Elements with attributes, as a browser parses the HTML (parse5, scripting off): `img[onerror]`, `a[href=…]`. */
function liveMarkup(html: string): string[] {
  const found: string[] = [];
  const stack: unknown[] = [parse(html, { scriptingEnabled: false })];
  while (stack.length) {
    const node = stack.pop() as { tagName?: string; attrs?: { name: string; value: string }[]; childNodes?: unknown[] };
    if (node.tagName) for (const a of node.attrs ?? []) found.push(`${node.tagName}[${a.name}=${a.value}]`);
    if (node.tagName) found.push(node.tagName);
    stack.push(...(node.childNodes ?? []));
  }
  return found;
}

const clean = (html: string) => sanitizeEmailHtml(html);
const body = (html: string) => clean(`<!DOCTYPE html><html><head></head><body>${html}</body></html>`);

describe("the sanitiser reads markup as a browser does (issue 35 item 1)", () => {
  // Each of these left live markup with the htmlparser2 sanitiser: htmlparser2 saw a comment, raw text or an
  // attribute where a browser builds an <img onerror> or a script URL.
  it.each([
    ["a comment closed by --!>", "<!-- x --!><img src=x onerror=alert(1)>"],
    ["an abruptly closed comment <!-->", "<!--><img src=x onerror=alert(1)>-->"],
    ["<noscript> read with scripting off", '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'],
    ["SVG namespace confusion", '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">'],
    ["MathML namespace confusion", "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>"],
    ["nested forms", "<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>"],
    ["a CDATA section in HTML", "<![CDATA[><img src=x onerror=alert(1)>]]>"],
    ["a template's contents", "<template><img src=x onerror=alert(1)></template>"],
    ["an <xmp> with a closing tag in an attribute", '<xmp><p title="</xmp><img src=x onerror=alert(1)>">'],
  ])("%s", (_name, vector) => {
    const out = body(vector);
    expect(out).not.toMatch(/onerror|<svg|<math|<template|<noscript|<xmp/i);
    expect(liveMarkup(out).filter((m) => !KEPT_ELEMENTS.has(m.split("[")[0]!) || /^\w+\[on/.test(m))).toEqual([]);
  });

  it("checks URLs after entity decoding and whitespace/control stripping, as the browser's URL parser reads them", () => {
    for (const href of [
      "jav&#x09;ascript:alert(1)",
      "&#106;avascript:alert(1)",
      "javascript&colon;alert(1)",
      " \u0001javascript:alert(1)",
      "JAVA\nSCRIPT:alert(1)",
      "vbscript:x",
      "data:text/html,<script>x</script>",
      "java{{x}}script:alert(1)",
      "file:///etc/passwd",
    ])
      expect(liveMarkup(body(`<a href="${href}">x</a>`)), href).not.toContainEqual(expect.stringMatching(/^a\[href/));
    expect(safeUrl("data:image/png;base64,iVBORw0KGgo=", true)).toBe(true);
    expect(safeUrl("data:image/png;base64,iVBORw0KGgo=")).toBe(false);
    expect(safeUrl("data:image/svg+xml,<svg onload=x>", true)).toBe(false);
    expect(safeSrcset("a.png 1x, javascript:x 2x")).toBe(false);
    expect(safeSrcset("https://x/a.png 1x,https://x/b.png 2x")).toBe(true);
    expect(safeCss("background:url('\\6a avascript:x')")).toBe(false);
    expect(safeCss("width:ex/**/pression(alert(1))")).toBe(false);
    expect(safeCss('font-family:"Inter", Arial; background:url(https://x/bg.png)')).toBe(true);
  });

  it("keeps what email needs: merge tags, conditional comments, the doctype as written, a fragment as a fragment", () => {
    const xhtml =
      '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';
    const doc = clean(
      `${xhtml}<html xmlns:v="urn:schemas-microsoft-com:vml"><head><!--[if mso]><xml><o:OfficeDocumentSettings></o:OfficeDocumentSettings></xml><![endif]--></head><body>` +
        '<a href="*|UNSUB|*">u</a><a href="{{view_url}}">v</a><a href="%%profile_center_url%%">p</a><a href="mailto:a@b.c">m</a>' +
        '<![if !mso]><p>web</p><![endif]><img src="cid:logo" alt=""></body></html>',
    );
    expect(doc.startsWith(xhtml)).toBe(true);
    expect(doc).toContain('xmlns:v="urn:schemas-microsoft-com:vml"');
    expect(doc).toContain("<!--[if mso]><xml><o:OfficeDocumentSettings></o:OfficeDocumentSettings></xml><![endif]-->");
    for (const href of ["*|UNSUB|*", "{{view_url}}", "%%profile_center_url%%", "mailto:a@b.c"])
      expect(doc).toContain(`href="${href}"`);
    expect(doc).toContain("<!--[if !mso]><!--><p>web</p><!--<![endif]-->");
    expect(doc).toContain('src="cid:logo"');
    expect(clean('<table><tr><td style="color:red">Hi</td></tr></table>')).toBe(
      '<table><tbody><tr><td style="color:red">Hi</td></tr></tbody></table>',
    );
  });

  it("counts what it removed; a clean email passes the final check unchanged, byte for byte", () => {
    const counts = noCounts();
    body('<script>x</script><div onclick="x()"><a href="javascript:x">a</a><svg></svg><form><input name="q"></form>');
    sanitizeEmailHtml(
      '<body><script>x</script><div onclick="x()"><a href="javascript:x">a</a><svg></svg><form><input name="q"></form>',
      counts,
    );
    expect(counts).toMatchObject({ removed: 1, handlers: 1, scriptUrls: 1, drawings: 1, forms: 2 });
    const email = "<!doctype html><html><head><title>t</title></head><body><p>Hi &amp; bye</p></body></html>";
    expect(verifyEmailHtml(email)).toBe(email);
  });

  it("property: whatever the input, a browser's parse of the output has nothing left to clean (fixed seed)", () => {
    fc.assert(
      fc.property(hostileMarkup, (html) => {
        const out = sanitizeEmailHtml(html);
        const found = noCounts();
        expect(verifyEmailHtml(out, found)).toBe(out);
        expect(found).toEqual(noCounts());
        const live = liveMarkup(out);
        expect(live.filter((m) => !KEPT_ELEMENTS.has(m.split("[")[0]!) || /^\w+\[on/i.test(m))).toEqual([]);
        expect(live.filter((m) => /\[(?:href|src)=\s*(?:javascript|vbscript|data:text)/i.test(m))).toEqual([]);
      }),
      { seed: 35, numRuns: 400 },
    );
  });
});

describe("bounded work for any input (issue 35 item 3)", () => {
  it("merge tags are found by a linear scan that agrees with MERGE_TAG (the regex is quadratic on lone openers)", () => {
    const all = new RegExp(MERGE_TAG.source, "g");
    const pieces = ["{{", "}}", "*|", "|*", "%%", "{$", "}", "[[", "]]", "${", "<%", "%>", "a", ":", "%", "{", "|"];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 20 }), (parts) => {
        const s = parts.join("");
        expect(hasMergeTag(s)).toBe(MERGE_TAG.test(s));
        expect(withoutMergeTags(s)).toBe(s.replace(all, ""));
      }),
      { seed: 35, numRuns: 2000 },
    );
    expect(withoutMergeTags(`${"{{".repeat(32_000)}x`)).toBe(`${"{{".repeat(32_000)}x`);
  });

  // Before: 100 000 nested <div>s overflowed the stack in the DOM library after seconds of work (a 500).
  it("refuses very deep nesting before any recursive walk", () => {
    expect(() => processEmail({ html: "<div>".repeat(100_000), source: "existing" })).toThrow(EmailBoundsError);
    expect(() => processEmail({ html: "<div>".repeat(EMAIL_BOUNDS.maxDepth + 1), source: "existing" })).toThrow(
      new EmailBoundsError("depth"),
    );
    expect(() => clean(`${"<table><tr><td>".repeat(150)}x`)).toThrow(new EmailBoundsError("depth"));
  });

  it("refuses too many elements and oversize attributes", () => {
    expect(() => clean("<br>".repeat(EMAIL_BOUNDS.maxElements * 2 + 1))).toThrow(new EmailBoundsError("elements"));
    expect(() => clean("<p>x</p>".repeat(EMAIL_BOUNDS.maxElements + 1))).toThrow(new EmailBoundsError("elements"));
    expect(() => clean(`<p title="${"x".repeat(EMAIL_BOUNDS.maxAttributeChars + 1)}">x</p>`)).toThrow(
      new EmailBoundsError("attribute"),
    );
  });

  it("lets an <img src> that is a base64 PNG, JPEG, GIF or WebP data: URL past the attribute bound (decision 116)", () => {
    const data = "iVBORw0K".repeat((200 * 1024) / 8);
    for (const type of ["png", "jpeg", "jpg", "gif", "webp"]) {
      const src = `data:image/${type};base64,${data}`;
      expect(clean(`<img src="${src}" alt="A picture">`)).toContain(src);
    }
    // Whitespace between the letters (as some tools wrap base64) and padding at the end are well-formed.
    expect(clean(`<img src="data:image/png;base64,${data}\n${data}AA==" alt="">`)).toContain("AA==");
    // Up to the size of a whole email, not further.
    const over = "A".repeat(EMAIL_BOUNDS.maxInlinePictureChars);
    expect(() => clean(`<img src="data:image/png;base64,${over}">`)).toThrow(new EmailBoundsError("attribute"));
    for (const bad of [
      `<img src="data:image/svg+xml;base64,${data}">`,
      `<img src="data:text/html;base64,${data}">`,
      `<img src="data:image/png,${data}">`,
      `<img src="data:image/png;base64,${data}A">`,
      `<img src="data:image/png;base64,${data}=A==">`,
      `<img src="data:image/png;base64,${data}&lt;">`,
      `<img alt="data:image/png;base64,${data}">`,
      `<a href="data:image/png;base64,${data}">x</a>`,
      `<video src="data:image/png;base64,${data}"></video>`,
    ])
      expect(() => clean(bad), bad.slice(0, 40)).toThrow(new EmailBoundsError("attribute"));
  });

  /** The first bytes of a PNG whose header declares width × height (all image-size and Chromium read first). */
  const pngHeader = (width: number, height: number) => {
    const b = Buffer.alloc(33);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
    b.writeUInt32BE(13, 8);
    b.write("IHDR", 12, "latin1");
    b.writeUInt32BE(width, 16);
    b.writeUInt32BE(height, 20);
    b.set([8, 2, 0, 0, 0], 24);
    return `data:image/png;base64,${b.toString("base64")}`;
  };

  it("refuses a picture embedded as data whose header declares more than 25 megapixels, wherever it is", () => {
    const huge = pngHeader(16_383, 16_383);
    for (const markup of [
      `<img src="${huge}" alt="">`,
      `<img src="x.png" srcset="${huge} 2x" alt="">`,
      `<table><tr><td background="${huge}">x</td></tr></table>`,
      `<div style="background-image:url('${huge}')">x</div>`,
      `<style>.hero{background:url(${huge})}</style><p>x</p>`,
      `<!--[if mso]><v:rect><v:fill type="frame" src="${huge}" /></v:rect><![endif]--><p>x</p>`,
      `<img src="data&colon;image/png;base64,${huge.split(",")[1]}" alt="">`,
    ])
      expect(() => clean(markup), markup.slice(0, 50)).toThrow(new EmailBoundsError("picture"));
    // A retina-sized picture (1200 × 20 000, 24 Mpx) and one image-size cannot read are not refused by this bound.
    expect(clean(`<img src="${pngHeader(1200, 20_000)}" alt="">`)).toContain("data:image/png;base64,");
    // Read from its own bytes only: a short header decoded into Node's shared Buffer pool was once read together with
    // the pool's next bytes (here a JPEG frame header declaring 32 767 × 32 767), which refused it at random.
    for (let i = 0; i < 2000; i++) {
      Buffer.from(`ffd8ffc0001108${"7fff7fff".repeat(4)}`, "hex");
      expect(() => clean('<img src="data:image/png;base64,AAAAAAAA" alt="">')).not.toThrow();
    }
  });
});

describe("what a reader saw of removed constructs stays as text or links (issue 37 item 6)", () => {
  it("keeps a form's labels, button words and chosen option, and drops the form's checkboxes", () => {
    const out = body(
      '<form action="https://x.example/s"><label for="e">Your email</label><input type="email" id="e"><input type="submit" value="Sign me up"><button>Subscribe</button><select><option>Daily</option><option selected>Weekly digest</option></select><textarea>Tell us more</textarea><input type="checkbox" name="consent"> I agree</form><input type="checkbox" id="menu">',
    );
    for (const words of ["Your email", "Sign me up", "Subscribe", "Weekly digest", "Tell us more", "I agree"])
      expect(out).toContain(words);
    expect(out).not.toContain("Daily");
    expect(out).not.toContain('name="consent"');
    expect(out).toContain('<input type="checkbox" id="menu">');
  });

  it("turns a frame into a link to its page with its fallback words, and keeps noframes' and an object's fallback", () => {
    const out = body(
      '<iframe src="https://maps.example/shop" title="Map">Open the <b>map</b></iframe><iframe src="javascript:alert(1)">x</iframe><noframes>Frames fallback</noframes><object data="https://x.example/a.swf"><param name="q" value="1">See the <a href="https://x.example/b">banner</a></object>',
    );
    expect(out).toContain('<a href="https://maps.example/shop">Open the map</a>');
    expect(out).toContain("Frames fallback");
    expect(out).toContain('See the <a href="https://x.example/b">banner</a>');
    expect(out).not.toMatch(/javascript|<iframe|<object|<param/);
  });
});

describe("video and audio with fallback words (issue 37 item 6)", () => {
  it("keep their fallback in place, after the poster linked to the video; without fallback they stay", () => {
    const out = body(
      '<video src="https://v.example/a.mp4" poster="https://v.example/a.jpg" width="560" controls>Your client cannot play it. <a href="https://v.example/watch">Watch online</a></video><audio src="https://v.example/p.mp3">Listen to the episode</audio><video src="https://v.example/b.mp4"></video>',
    );
    expect(out).toContain(
      '<a href="https://v.example/a.mp4"><img src="https://v.example/a.jpg" alt="" width="560"></a>Your client cannot play it. <a href="https://v.example/watch">Watch online</a>',
    );
    expect(out).toContain("Listen to the episode");
    expect(out).not.toContain("<audio");
    expect(out).toContain('<video src="https://v.example/b.mp4"></video>');
  });
});
