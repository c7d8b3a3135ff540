import type {
  TDesignLayout,
  TLayoutBlock,
  TLayoutBox,
  TLayoutButton,
  TLayoutColumn,
  TLayoutPicture,
  TLayoutSection,
  TLayoutText,
} from "@mailsmith/shared";

/**
 * Hand-made layouts for the tests of what is built from a layout (the email, the prompt's grounding), so they do not
 * depend on what the reader reads from a picture. A newsletter as a reader would see a 700 px design with a 600 px
 * body column: a header with a logo, a dark hero (heading, text, button), two cards side by side, a divider and a
 * footer. `scale` multiplies every box (a 2× export).
 */

const box = (x: number, y: number, width: number, height: number, s: number): TLayoutBox => ({
  x: x * s,
  y: y * s,
  width: width * s,
  height: height * s,
});

function text(
  t: string,
  b: TLayoutBox,
  style: Partial<Omit<TLayoutText, "kind" | "box" | "text" | "lines">> = {},
): TLayoutText {
  return {
    kind: "text",
    box: b,
    text: t,
    lines: [{ text: t, box: b, words: t.split(" ").map((w) => ({ text: w, box: b, confidence: 92 })) }],
    role: "body",
    uncertain: [],
    fontSizePx: 16,
    fontWeight: "normal",
    colour: "#333333",
    align: "left",
    ...style,
  };
}

function button(t: string, b: TLayoutBox, background: string): TLayoutButton {
  return {
    kind: "button",
    box: b,
    text: t,
    background,
    radiusPx: 6,
    border: null,
    fontSizePx: 16,
    fontWeight: "bold",
    colour: "#ffffff",
    align: "center",
  };
}

const picture = (b: TLayoutBox, role: TLayoutPicture["role"], t = ""): TLayoutPicture => ({
  kind: "picture",
  box: b,
  role,
  text: t,
});

const column = (b: TLayoutBox, blocks: TLayoutBlock[], background: string | null = null): TLayoutColumn => ({
  box: b,
  background,
  blocks,
});

const section = (b: TLayoutBox, background: string, rows: TLayoutColumn[][]): TLayoutSection => ({
  box: b,
  background,
  rows: rows.map((columns) => ({
    box: {
      x: Math.min(...columns.map((c) => c.box.x)),
      y: Math.min(...columns.map((c) => c.box.y)),
      width: Math.max(...columns.map((c) => c.box.x + c.box.width)) - Math.min(...columns.map((c) => c.box.x)),
      height: Math.max(...columns.map((c) => c.box.y + c.box.height)) - Math.min(...columns.map((c) => c.box.y)),
    },
    columns,
  })),
});

export function newsletterLayout(opts: { scale?: number; language?: TDesignLayout["language"] } = {}): TDesignLayout {
  const s = opts.scale ?? 1;
  const b = (x: number, y: number, w: number, h: number) => box(x, y, w, h, s);
  const heading = text("Spring sale is here", b(90, 120, 520, 40), {
    role: "heading",
    fontSizePx: 30,
    fontWeight: "bold",
    colour: "#ffffff",
    align: "center",
  });
  const intro = text("Everything for your next trip, up to 40% off until Sunday.", b(90, 176, 520, 24), {
    colour: "#e0e6ee",
    align: "center",
  });
  const card = (x: number, title: string, body: string, label: string, alt: string) =>
    column(b(x, 452, 250, 300), [
      picture(b(x, 452, 250, 160), "photo", alt),
      text(title, b(x, 628, 250, 28), { role: "heading", fontSizePx: 20, fontWeight: "bold", colour: "#1a2b3c" }),
      text(body, b(x, 664, 250, 44)),
      button(label, b(x, 716, 140, 36), "#1a2b3c"),
    ]);
  const sections: TLayoutSection[] = [
    section(b(50, 0, 600, 80), "#ffffff", [[column(b(300, 20, 100, 40), [picture(b(300, 20, 100, 40), "logo")])]]),
    section(b(50, 80, 600, 300), "#1a2b3c", [
      [column(b(90, 120, 520, 40), [heading])],
      [column(b(90, 176, 520, 24), [intro])],
      [column(b(270, 236, 160, 48), [button("Shop the sale", b(270, 236, 160, 48), "#ff6600")])],
    ]),
    section(b(50, 380, 600, 420), "#ffffff", [
      [column(b(90, 412, 520, 24), [text("Our picks this week", b(90, 412, 520, 24), { fontWeight: "bold" })])],
      [
        card(90, "Trail tent", "Two people, 1.9 kg, up in three minutes.", "See the tent", "Trail tent 2P"),
        card(360, "Rain jacket", "Light, packable and fully taped seams.", "See the jacket", ""),
      ],
    ]),
    section(b(50, 800, 600, 120), "#f4f4f4", [
      [column(b(90, 820, 520, 2), [{ kind: "divider", box: b(90, 820, 520, 2), colour: "#cccccc" }])],
      [
        column(b(90, 850, 520, 40), [
          text("You receive this email because you signed up at outdoors.example. Unsubscribe", b(90, 850, 520, 40), {
            role: "small",
            fontSizePx: 12,
            colour: "#666666",
            align: "center",
            uncertain: ["outdoors.example"],
          }),
        ]),
      ],
    ]),
  ];
  const words = [
    "Spring sale is here",
    intro.text,
    "Shop the sale",
    "Our picks this week",
    "Trail tent 2P",
    "Trail tent",
    "Two people, 1.9 kg, up in three minutes.",
    "See the tent",
    "Rain jacket",
    "Light, packable and fully taped seams.",
    "See the jacket",
    "You receive this email because you signed up at outdoors.example. Unsubscribe",
  ];
  return {
    width: 700 * s,
    height: 940 * s,
    scale: s,
    content: b(50, 0, 600, 920),
    outerBackground: "#eeeeee",
    sections,
    text: words.join(" "),
    language: opts.language === undefined ? "en" : opts.language,
    unreadable: [],
    timing: { ocrSeconds: 0, layoutSeconds: 0 },
  };
}

/** One white section of rows of columns, at 1×, `width` wide (the tests of one row's email). */
export function layoutOfRows(rows: TLayoutColumn[][], size: { width?: number; height?: number } = {}): TDesignLayout {
  const width = size.width ?? 600;
  const height = size.height ?? 600;
  return {
    width,
    height,
    scale: 1,
    content: { x: 0, y: 0, width, height },
    outerBackground: "#ffffff",
    sections: [
      {
        box: { x: 0, y: 0, width, height },
        background: "#ffffff",
        rows: rows.map((columns) => ({ box: { x: 0, y: columns[0]!.box.y, width, height: 40 }, columns })),
      },
    ],
    text: "",
    language: "en",
    unreadable: [],
    timing: { ocrSeconds: 0, layoutSeconds: 0 },
  };
}
