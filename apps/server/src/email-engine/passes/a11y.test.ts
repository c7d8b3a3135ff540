import { differenceEuclidean, formatHex, oklch, parse, wcagContrast } from "culori";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { processEmail } from "../process-email.js";
import { AA_LARGE, AA_TEXT, nearestPassing } from "./a11y-contrast.js";
import { detectLanguage } from "./a11y-language.js";

const doc = (body: string, htmlAttrs = "") =>
  `<!doctype html><html${htmlAttrs}><head><meta charset="utf-8"></head><body>${body}</body></html>`;
const fix = (html: string, subject?: string) =>
  processEmail({ html, source: "existing", fixes: ["accessibility"], ...(subject ? { subject } : {}) });
const check = (r: ReturnType<typeof processEmail>, id: string) => r.report.checks.find((c) => c.id === id);
const para = (text: string, style = "") => `<table><tr><td><p style="${style}">${text}</p></td></tr></table>`;

const GERMAN = "Hallo zusammen, wir freuen uns sehr, Ihnen unsere neue Frühjahrskollektion vorzustellen.";
const ARABIC = "مرحبا بكم في متجرنا الجديد، نحن سعداء جدا بزيارتكم اليوم ونتمنى لكم يوما سعيدا";

describe("accessibility fixes (decision 108)", () => {
  it("detects the language from the text and sets lang and dir on <html> and the body wrapper", () => {
    const r = fix(doc(para(GERMAN)));
    expect(r.html).toMatch(/<html[^>]* lang="de"/);
    expect(r.html).toMatch(/<html[^>]* dir="ltr"/);
    expect(r.html).toMatch(/<div[^>]* lang="de"/);
    expect(check(r, "a11y.lang")?.status).toBe("pass");
    expect(check(r, "a11y.dir")?.status).toBe("pass");
    expect(r.fixes.filter((f) => f.id === "a11y.lang" && f.applied)).toHaveLength(2);
    // Without the fix nothing is invented.
    const plain = processEmail({ html: doc(para(GERMAN)), source: "existing" });
    expect(plain.html).not.toMatch(/lang="de"/);
    expect(plain.fixes).toEqual([]);
  });

  it("writes right-to-left languages rtl and keeps an existing valid lang", () => {
    expect(detectLanguage(ARABIC)).toBe("ar");
    expect(detectLanguage("שלום לכולם, אנחנו שמחים מאוד להציג את הקולקציה החדשה שלנו")).toBe("he");
    expect(detectLanguage("Hi")).toBeUndefined();
    expect(fix(doc(para(ARABIC))).html).toMatch(/<html[^>]* dir="rtl"/);
    const kept = fix(doc(para(GERMAN), ' lang="en-GB"'));
    expect(kept.html).toMatch(/<html[^>]* lang="en-GB"/);
    expect(kept.html).toMatch(/<div[^>]* lang="en-GB"/);
  });

  it('marks layout tables, not data tables; decorative images get alt="", content images a suggestion', () => {
    const r = fix(
      doc(
        `${para(GERMAN)}<table><tr><td scope="row">Preis</td><td>10 €</td></tr></table>` +
          '<img src="https://x.example/spacer.gif"><a href="https://x.example/shop">Jetzt einkaufen <img src="https://x.example/arrow.png"></a>' +
          '<img src="https://x.example/spring-collection.jpg" width="600">',
      ),
    );
    expect(r.html).toMatch(/<table[^>]*role="presentation"/);
    expect(r.html).toMatch(/<table>(?:<tbody>)?<tr><td scope="row">/);
    expect(r.html).toContain('src="https://x.example/spacer.gif" alt=""');
    expect(r.html).toContain('src="https://x.example/arrow.png" alt=""');
    expect(r.html).not.toMatch(/spring-collection\.jpg"[^>]*alt=/);
    expect(r.fixes).toContainEqual(
      expect.objectContaining({ id: "a11y.alt", applied: false, after: 'alt="Spring collection"' }),
    );
  });

  it("adds a <title> from the subject, else from the first heading", () => {
    expect(fix(doc(para(GERMAN)), "Frühling & mehr").html).toContain("<title>Frühling &amp; mehr</title>");
    expect(fix(doc(`<h1>Willkommen</h1>${para(GERMAN)}`)).html).toContain("<title>Willkommen</title>");
  });

  it("corrects heading levels with aria-level (no renamed tags) and flags vague link text without changing it", () => {
    const r = fix(
      doc(
        `<h2 style="font-size:30px">Neu</h2><h4>Details</h4>${para(GERMAN)}<a href="https://x.example/a">click here</a>`,
      ),
    );
    expect(r.html).toContain('<h2 style="font-size:30px" aria-level="1">');
    expect(r.html).toContain('<h4 aria-level="2">');
    expect(check(r, "a11y.headings")?.status).toBe("pass");
    expect(r.html).toContain(">click here</a>");
    expect(r.fixes).toContainEqual(expect.objectContaining({ id: "links.text", applied: false }));
  });

  it("repairs low contrast to the nearest AA colour (lightness only), keeps passing brand colours and other backgrounds", () => {
    const html = doc(
      para(`${GERMAN} <span style="background:#000000">dunkel</span>`, "color:#ff9999;font-size:16px") +
        para("Marke", "color:#0055cc;font-size:16px") +
        para("Großer Titel", "color:#999999;font-size:28px"),
    );
    const before = processEmail({ html, source: "existing" });
    expect(check(before, "a11y.contrast")?.status).toBe("fail");
    const r = fix(html);
    expect(check(r, "a11y.contrast")?.status).toBe("pass");
    const repaired = r.fixes.find((f) => f.id === "a11y.contrast" && f.before.startsWith("#ff9999"));
    const after = repaired?.after.slice(0, 7) ?? "";
    expect(wcagContrast(after, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    // The nearest: just past 4.5:1, hue kept.
    expect(wcagContrast(after, "#ffffff")).toBeLessThan(4.75);
    expect(Math.abs((oklch(after)?.h ?? 0) - (oklch("#ff9999")?.h ?? 0))).toBeLessThan(6);
    expect(r.html).toContain(`color:${after}`);
    // The brand blue passes: untouched. Large text needs 3:1 only. Text over black keeps its old colour.
    expect(r.html).toContain("color:#0055cc");
    const large = r.fixes.find((f) => f.before.startsWith("#999999"));
    expect(wcagContrast(large?.after.slice(0, 7) ?? "", "#ffffff")).toBeLessThan(4.5);
    expect(r.html).toMatch(/background:#000000;color:#ff9999/);
    expect(formatHex("#ff9999")).toBe("#ff9999");
  });
});

describe("the language of a short or mixed email (decision 127)", () => {
  const SHORT_EN = "Hi Sam, your password was changed. If this wasn't you, reset it now.";
  const LOREM =
    "Lorem ipsum dolor sit amet, consectetur adipisicing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip.";

  it("is the member's language, never a neighbour franc-min guessed (hnj, fr)", () => {
    expect(detectLanguage(SHORT_EN, "en")).toBeUndefined();
    for (const source of ["existing", "generated"] as const) {
      const r = processEmail({ html: doc(para(SHORT_EN)), source, fixes: ["accessibility"] });
      expect(r.html).toMatch(/<html[^>]* lang="en"/);
      if (source === "existing") expect(r.fixes.find((f) => f.id === "a11y.lang")?.reason).toMatch(/your language/);
      expect(check(r, "a11y.lang")?.status).toBe("pass");
    }
    const lorem = processEmail({ html: doc(para(LOREM)), source: "existing", fixes: ["accessibility"] });
    expect(lorem.html).toMatch(/<html[^>]* lang="en"/);
    const undetermined = processEmail({
      html: doc(para(GERMAN), ' lang="und"'),
      source: "existing",
      fixes: ["accessibility"],
    });
    expect(undetermined.html).toMatch(/<html[^>]* lang="de"/);
    const german = processEmail({
      html: doc(para("Danke!")),
      source: "existing",
      fixes: ["accessibility"],
      language: "de",
    });
    expect(german.html).toMatch(/<html[^>]* lang="de"/);
  });

  it("a model's lang on a short English email gives way to the member's language", () => {
    const r = processEmail({
      html: `<!doctype html><html lang="fr"><head><title>Password</title></head><body>${para(SHORT_EN)}</body></html>`,
      source: "generated",
      fixes: ["accessibility"],
    });
    expect(r.html).toMatch(/<html[^>]* lang="en"/);
    expect(r.html).not.toMatch(/lang="fr"/);
  });

  it("enough clear text still decides, whatever the member's language", () => {
    const spanish =
      "Hola, gracias por tu compra. Tu pedido llegará pronto. Consulta el estado de tu envío en nuestra web.";
    expect(detectLanguage(spanish, "en")).toBe("es");
    expect(processEmail({ html: doc(para(GERMAN)), source: "existing", fixes: ["accessibility"] }).html).toMatch(
      /<html[^>]* lang="de"/,
    );
  });
});

describe("generated emails", () => {
  it("replace the skeleton's default language with the detected one", () => {
    const r = processEmail({
      html: `<h1>Willkommen</h1>${para(GERMAN)}`,
      source: "generated",
      fixes: ["accessibility"],
    });
    expect(r.html).toMatch(/<html[^>]* lang="de"/);
    expect(r.html).not.toMatch(/lang="en"/);
    const en = processEmail({
      html: para("Welcome to our store, we are glad you are here with us today."),
      source: "generated",
      fixes: ["accessibility"],
    });
    expect(en.html).toMatch(/<html[^>]* lang="en"/);
  });
});

describe("contrast of links that inherit their colour", () => {
  it("measures a link with color: inherit in its parent's colour (axe found it; we read it as link blue)", () => {
    const html = doc(
      `${para(GERMAN)}<table><tr><td style="background:#f6f7fb;color:#727d9c;font-size:12px"><a href="https://x.example" style="color: inherit;">x.example</a></td></tr></table>`,
    );
    const before = processEmail({ html, source: "existing" });
    expect(before.report.checks.find((c) => c.id === "a11y.contrast")?.items?.join(" ")).toContain(
      "#727d9c on #f6f7fb",
    );
    const r = fix(html);
    expect(check(r, "a11y.contrast")?.status).toBe("pass");
  });

  it("titles an email without subject or heading from its largest text at the top", () => {
    const r = fix(doc(`<p style="font-size:22px">Verify your email address</p>${para(GERMAN)}`));
    expect(r.html).toContain("<title>Verify your email address</title>");
  });
});

it("a title from body text is its first sentence", () => {
  const r = processEmail({
    html: doc(`<p style="font-size:18px">Welcome to our store. We are glad you are here, reader.</p>${para(GERMAN)}`),
    source: "existing",
    fixes: ["accessibility"],
  });
  expect(r.html).toContain("<title>Welcome to our store.</title>");
});

describe("nearestPassing", () => {
  it("always reaches the target, and never moves further than black or white would (fast-check)", () => {
    const hex = fc
      .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
      .map(([r, g, b]) => `#${[r, g, b].map((n) => n.toString(16).padStart(2, "0")).join("")}`);
    fc.assert(
      fc.property(hex, hex, fc.constantFrom(AA_TEXT, AA_LARGE), (fg, bg, target) => {
        const out = nearestPassing(parse(fg)!, parse(bg)!, target);
        expect(wcagContrast(out, bg)).toBeGreaterThanOrEqual(target);
        const extremes = ["#000000", "#ffffff"].filter((c) => wcagContrast(c, bg) >= target + 0.05);
        const dE = differenceEuclidean("oklch");
        for (const c of extremes) expect(dE(fg, out)).toBeLessThanOrEqual(dE(fg, c) + 1e-9);
      }),
      { seed: 108, numRuns: 300 },
    );
  });

  it("the dark-mode repair after the contrast repair darkens the repaired text colour, not the one it replaced", () => {
    const html = doc(
      '<table role="presentation" width="600"><tr><td style="background-color:#999999;padding:20px"><p style="color:#555555;font-size:14px">Our spring collection has arrived with new colours</p></td></tr></table>',
    );
    const r = processEmail({ html, source: "existing", fixes: ["accessibility", "dark-mode"] });
    const contrast = r.fixes.find((f) => f.id === "a11y.contrast" && f.applied);
    const repaired = contrast?.after.split(" ")[0];
    expect(repaired).toMatch(/^#[0-9a-f]{6}$/);
    expect(r.html).toContain(`color:${repaired}`);
    const vanishing = r.fixes.filter((c) => c.id === "dark-mode.vanishing");
    expect(vanishing).toHaveLength(1);
    for (const f of vanishing) {
      expect(f.before.startsWith(`${repaired} on`), f.before).toBe(true);
      expect(f.after.startsWith(`${repaired} on`), f.after).toBe(true);
    }
  });
});
