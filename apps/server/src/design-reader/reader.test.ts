import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { createDesignReader, type DesignReadOutcome } from "./reader.js";

/**
 * The reader in its own worker thread: a design is read there (the layout crosses back whole), a refused picture
 * answers the member's message, and a full line of waiting readings answers 503 at once.
 */

const FONT = "Liberation Sans, Arial, sans-serif";
const design = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="300"><rect width="600" height="300" fill="#fff"/>
       <rect width="600" height="80" fill="#6d597a"/>
       <text x="300" y="52" font-family="${FONT}" font-size="26" fill="#fff" text-anchor="middle">Studio notes</text>
       <text x="40" y="150" font-family="${FONT}" font-size="18" fill="#333">Classes start again on Monday morning.</text>
     </svg>`,
    ),
  )
    .png()
    .toBuffer();

const outcomes: DesignReadOutcome[] = [];
const reader = createDesignReader({ maxQueue: 0, onRead: (outcome) => outcomes.push(outcome) });

afterAll(async () => {
  await reader.close();
});

/** Starting the worker (tsx from source) and the OCR models takes seconds on a busy machine. */
describe("createDesignReader", { timeout: 120_000 }, () => {
  it("reads a design in its worker and answers 503 to a reading with no room in the line", async () => {
    const png = await design();
    const first = reader.read(png);
    // One reading in progress and a line of 0: the next is turned away at once.
    await expect(reader.read(png)).rejects.toMatchObject({ code: "DESIGN_READER_BUSY", status: 503 });
    const layout = await first;
    expect(layout.sections.map((s) => s.background)).toEqual(["#6d597a", "#ffffff"]);
    expect(layout.text).toBe("Studio notes\nClasses start again on Monday morning.");
    expect(outcomes).toEqual(["busy", "ok"]);
  });

  it("answers a picture it cannot open with the member's message", async () => {
    await expect(reader.read(Buffer.from("GIF89a broken"))).rejects.toMatchObject({
      code: "DESIGN_CORRUPT",
      status: 400,
    });
    expect(outcomes.at(-1)).toBe("refused");
  });
});
