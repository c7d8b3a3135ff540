import type { TDesignLayout, TLayoutBlock } from "@mailsmith/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkDesignReadable, closeSharedOcrEngine, readDesign } from "../src/design-reader/index.js";
import {
  type DesignRender,
  quantile,
  renderCorpusDesigns,
  renderHtmlDesigns,
  wordRecall,
} from "./design-reader-renders.js";

/**
 * The design reader on real emails (issue 43; decision 120): corpus templates drawn by Chromium as a member's design
 * would be — 600 px desktop exports and 375 px × 3 phone screenshots — read with one OCR engine and compared with the
 * words a person sees on them. A fixed sample keeps the suite's CPU bounded on a busy CI; `npm run reader:measure`
 * reads the whole corpus. Plus emails in French, German and Spanish, and one with Chinese and Arabic lines the models
 * cannot read, which must be reported rather than turned into invented words.
 */

const DESKTOP_SAMPLE = [
  "foundation-basic",
  "foundation-drip",
  "mailgen-salted-welcome",
  "postmark-basic-welcome",
  "react-email-stripe-welcome",
  "sendwithus-cerberus-hybrid",
  "colorlib-24-brief",
  "react-email-plaid-verify-identity",
];
const PHONE_SAMPLE = ["react-email-vercel-invite-user", "mailgen-default-reset"];

/** Honest floors from the measured figures (median 0.99+ on the whole corpus). */
const MEDIAN_RECALL = 0.97;
const WORST_RECALL = 0.9;

const page = (lang: string, title: string, paragraphs: string[], button: string) => `<!doctype html>
<html lang="${lang}"><body style="margin:0;background:#eeeeee;font-family:Arial,Helvetica,sans-serif">
<table width="600" align="center" cellpadding="0" cellspacing="0" style="background:#ffffff;margin:0 auto">
<tr><td style="background:#0b5563;color:#ffffff;font-size:28px;font-weight:bold;padding:28px 32px">${title}</td></tr>
${paragraphs.map((p) => `<tr><td style="padding:12px 32px;font-size:16px;line-height:24px;color:#333333">${p}</td></tr>`).join("")}
<tr><td style="padding:20px 32px 40px"><a href="#" style="display:inline-block;background:#e4572e;color:#ffffff;padding:14px 28px;border-radius:6px;font-size:16px;text-decoration:none">${button}</a></td></tr>
</table></body></html>`;

const LANGUAGE_PAGES = [
  {
    id: "fr",
    html: page(
      "fr",
      "Les nouveautés de décembre",
      [
        "Bonjour Camille, nous sommes très heureux de vous présenter notre nouvelle collection d’hiver, préparée avec soin dans nos ateliers de Lyon.",
        "Les manteaux en laine, les écharpes et les bonnets sont disponibles dès aujourd’hui dans toutes nos boutiques et sur notre site.",
      ],
      "Découvrir la collection",
    ),
  },
  {
    id: "de",
    html: page(
      "de",
      "Neuigkeiten für den Winter",
      [
        "Hallo Jürgen, wir freuen uns, Ihnen unsere neue Winterkollektion vorzustellen, die in unserer Werkstatt in München gefertigt wurde.",
        "Mäntel aus Wolle, Schals und Mützen sind ab heute in allen Geschäften und in unserem Onlineshop erhältlich.",
      ],
      "Jetzt entdecken",
    ),
  },
  {
    id: "es",
    html: page(
      "es",
      "Novedades de diciembre",
      [
        "Hola Inés, nos alegra mucho presentarle nuestra nueva colección de invierno, preparada con cuidado en nuestro taller de Sevilla.",
        "Los abrigos de lana, las bufandas y los gorros ya están disponibles en todas nuestras tiendas y en la tienda en línea.",
      ],
      "Ver la colección",
    ),
  },
];

const NON_LATIN = page(
  "en",
  "Our shops abroad",
  [
    "Our winter collection is now in every shop, and the opening hours are below.",
    '<span style="font-size:20px">我们的冬季系列现已在所有商店上架</span>',
    '<span style="font-size:20px" dir="rtl">مجموعتنا الشتوية متوفرة الآن في جميع المتاجر</span>',
    "Thank you for shopping with us this season.",
  ],
  "Find a shop",
);

const blocksOf = (l: TDesignLayout): TLayoutBlock[] =>
  l.sections.flatMap((s) => s.rows.flatMap((r) => r.columns.flatMap((c) => c.blocks)));

const results = new Map<string, { render: DesignRender; layout: TDesignLayout }>();
const key = (id: string, view: string) => `${id}.${view}`;

beforeAll(async () => {
  const renders = [
    ...(await renderCorpusDesigns({ ids: DESKTOP_SAMPLE, views: ["desktop"] })),
    ...(await renderCorpusDesigns({ ids: PHONE_SAMPLE, views: ["phone"] })),
    ...(await renderHtmlDesigns([...LANGUAGE_PAGES, { id: "non-latin", html: NON_LATIN }], ["desktop"])),
  ];
  // One after another through the one OCR engine: the suite holds one core, as a reading does in production.
  for (const render of renders)
    results.set(key(render.id, render.view), { render, layout: await readDesign(render.png) });
}, 600_000);

afterAll(async () => {
  await closeSharedOcrEngine();
});

describe("the design reader on real emails", () => {
  it("passes the fast check on every sample", async () => {
    for (const { render } of results.values())
      expect(await checkDesignReadable(render.png), render.id).toEqual({ ok: true });
  });

  it("reads the words a person sees (median and worst recall over the sample)", () => {
    const recalls = [
      ...DESKTOP_SAMPLE.map((id) => key(id, "desktop")),
      ...PHONE_SAMPLE.map((id) => key(id, "phone")),
    ].map((k) => {
      const r = results.get(k);
      if (!r) throw new Error(`${k} was not drawn`);
      return wordRecall(r.render.words, r.layout.text).recall;
    });
    expect(quantile(recalls, 0.5)).toBeGreaterThanOrEqual(MEDIAN_RECALL);
    expect(Math.min(...recalls)).toBeGreaterThanOrEqual(WORST_RECALL);
  });

  it("finds the bands of a framework email: grey header, white body with its callout, grey footer in two columns", () => {
    const { layout } = results.get(key("foundation-basic", "desktop"))!;
    expect(layout.sections.map((s) => s.background)).toEqual(["#8a8a8a", "#fefefe", "#f3f3f3"]);
    expect(layout.sections[2]!.rows[0]!.columns).toHaveLength(2);
    // The callout keeps its own fill inside the white band.
    expect(layout.sections[1]!.rows.some((r) => r.columns.some((c) => c.background === "#def0fc"))).toBe(true);
  });

  it("finds the call-to-action buttons with their labels", () => {
    const buttonText = (id: string, view = "desktop") =>
      blocksOf(results.get(key(id, view))!.layout)
        .filter((b) => b.kind === "button")
        .map((b) => (b.kind === "button" ? b.text : ""));
    expect(buttonText("foundation-drip")).toEqual([expect.stringContaining("Get smarter now")]);
    expect(buttonText("mailgen-salted-welcome")).toEqual(["Confirm your account"]);
    expect(buttonText("react-email-stripe-welcome")).toEqual(["View your Stripe Dashboard"]);
    expect(buttonText("react-email-vercel-invite-user", "phone")).toEqual(["Join the team"]);
    // Dark buttons with small labels stay buttons (not colour blocks or icons).
    expect(buttonText("sendwithus-cerberus-hybrid")).toEqual(["A Button", "A Button", "A Button"]);
  });

  it("joins a drop cap to its word and keeps a card shown only by its frame and shadow", () => {
    const brief = blocksOf(results.get(key("colorlib-24-brief", "desktop"))!.layout);
    const essay = brief.find((b) => b.kind === "text" && /decade/.test(b.text));
    expect(essay?.kind === "text" ? essay.text : "").toMatch(/^For a decade, the design tool was a monolith/);
    expect(essay?.kind === "text" ? essay.fontSizePx : 0).toBeLessThan(20);
    const plaid = results.get(key("react-email-plaid-verify-identity", "desktop"))!.layout;
    const card = plaid.sections.flatMap((s) => s.rows.flatMap((r) => r.columns)).find((c) => c.border);
    expect(card?.box.width).toBeLessThan(400);
  });

  it("sees a phone screenshot at 3× and sizes its text in CSS pixels", () => {
    const { layout } = results.get(key("react-email-vercel-invite-user", "phone"))!;
    expect(layout.scale).toBe(3);
    const body = blocksOf(layout).filter((b) => b.kind === "text" && b.role === "body");
    expect(body.length).toBeGreaterThan(0);
    for (const b of body) if (b.kind === "text") expect(b.fontSizePx).toBeLessThanOrEqual(20);
  });

  it("reads French, German and Spanish with their accents and names the language", () => {
    for (const { id } of LANGUAGE_PAGES) {
      const { render, layout } = results.get(key(id, "desktop"))!;
      expect(layout.language, id).toBe(id);
      expect(wordRecall(render.words, layout.text).recall, id).toBeGreaterThanOrEqual(0.95);
    }
    expect(results.get(key("fr", "desktop"))!.layout.text).toContain("nouveautés");
    expect(results.get(key("de", "desktop"))!.layout.text).toContain("Jürgen");
    expect(results.get(key("es", "desktop"))!.layout.text).toContain("Inés");
  });

  it("reports the Chinese and Arabic lines as unreadable and invents no words for them", () => {
    const { render, layout } = results.get(key("non-latin", "desktop"))!;
    expect(layout.unreadable.length).toBeGreaterThanOrEqual(2);
    const latin = render.words.filter((w) => /^[a-z0-9]+$/.test(w));
    expect(wordRecall(latin, layout.text).recall).toBeGreaterThanOrEqual(0.95);
    // Every word read is one a person sees in Latin letters: nothing made up from the other scripts.
    const extra = wordRecall(
      (layout.text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => w.normalize("NFKC")),
      latin.join(" "),
    );
    expect(extra.missing).toEqual([]);
  });
});
