import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { StorageAdapter } from "../../adapters/storage/storage.js";
import { absoluteUrl, cleanBoxes, cropBox, materialiseImages } from "./design-images.js";
import { nameFromHtml } from "./jobs/template-name.js";

function memoryStorage(): StorageAdapter & { files: Map<string, Buffer> } {
  const files = new Map<string, Buffer>();
  return {
    kind: "local",
    files,
    async put({ key, body }) {
      files.set(key, body);
      return { key, url: `/uploads/${key}` };
    },
    async delete(key) {
      files.delete(key);
    },
    async read(key) {
      const body = files.get(key);
      return body ? { body, contentType: "image/png" } : null;
    },
  };
}

describe("cleanBoxes", () => {
  it("keeps well-formed boxes, clamps them to 0–1000 and drops the rest", () => {
    const boxes = cleanBoxes(
      [
        { id: "logo", kind: "logo", alt: "Logo", design: 1, box: [10, 20, 110, 320] },
        { id: "hero", kind: "banner", alt: "", design: 1, box: [-50, 0, 1200, 1000] },
        { id: "logo", kind: "logo", alt: "dup", design: 1, box: [0, 0, 100, 100] },
        { id: "bad id!", kind: "icon", alt: "", design: 1, box: [0, 0, 100, 100] },
        { id: "flat", kind: "icon", alt: "", design: 1, box: [100, 0, 102, 100] },
        { id: "other", kind: "icon", alt: "", design: 3, box: [0, 0, 100, 100] },
        { id: "short", kind: "icon", alt: "", design: 1, box: [0, 0, 100] },
        "nonsense",
      ],
      2,
    );
    expect(boxes).toEqual([
      { id: "logo", kind: "logo", alt: "Logo", design: 1, box: [10, 20, 110, 320] },
      { id: "hero", kind: "photo", alt: "", design: 1, box: [0, 0, 1000, 1000] },
    ]);
    expect(cleanBoxes(undefined, 1)).toEqual([]);
  });
});

const solid = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

describe("cropBox and materialiseImages", () => {
  it("crops the box's pixels and rewrites image:<id> to an absolute URL; unknown ids become placeholders", async () => {
    const design = await sharp({ create: { width: 200, height: 100, channels: 3, background: "#ffffff" } })
      .composite([
        {
          input: await sharp({ create: { width: 50, height: 20, channels: 3, background: "#00ff00" } })
            .png()
            .toBuffer(),
          left: 20,
          top: 10,
        },
      ])
      .png()
      .toBuffer();
    const crop = await cropBox(design, [100, 100, 300, 350]);
    expect([crop.width, crop.height]).toEqual([50, 20]);

    const storage = memoryStorage();
    const out = await materialiseImages({
      html: `<img src="image:logo"><img src='image:ghost'><p>image:logo in text stays</p>`,
      boxes: [{ id: "logo", kind: "logo", alt: "Logo", design: 1, box: [100, 100, 300, 350] }],
      designs: [design],
      storage,
      publicUrl: "https://mail.example/",
    });
    expect(out.images).toHaveLength(1);
    expect(out.images[0]).toMatchObject({ slot: 1, kind: "logo", width: 50, height: 20 });
    expect(out.images[0]!.url).toMatch(/^https:\/\/mail\.example\/uploads\/generated\/[0-9a-f-]+\.png$/);
    expect(out.html).toContain(`<img src="${out.images[0]!.url}">`);
    expect(out.html).toContain("src='https://placehold.co/600x300/png'");
    expect(out.html).toContain("image:logo in text stays");
    const stored = storage.files.get(out.images[0]!.key!)!;
    const stats = await sharp(stored).stats();
    expect(stats.channels[1]!.mean).toBeGreaterThan(250);
    expect(stats.channels[0]!.mean).toBeLessThan(5);
  });

  it("erases the areas it is given from a crop with the picture's colours around them", async () => {
    // A picture in two halves (blue above, green below) with a white "headline" bar across the middle.
    const design = await sharp({ create: { width: 200, height: 100, channels: 3, background: "#2040c0" } })
      .composite([
        { input: await solid(200, 50, "#20a040"), left: 0, top: 50 },
        { input: await solid(120, 16, "#ffffff"), left: 40, top: 42 },
      ])
      .png()
      .toBuffer();
    const crop = await cropBox(design, [0, 0, 1000, 1000], [[400, 180, 600, 820]]);
    const { data, info } = await crop.image.raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    // No white is left where the bar was; above its middle the fill leans blue, below it green.
    for (let y = 42; y < 58; y += 3) for (let x = 40; x < 160; x += 10) expect(Math.min(...at(x, y))).toBeLessThan(200);
    expect(at(100, 44)[2]).toBeGreaterThan(at(100, 44)[1]!);
    expect(at(100, 56)[1]).toBeGreaterThan(at(100, 56)[2]!);
    // Outside the area nothing changed.
    expect(at(10, 10)).toEqual([0x20, 0x40, 0xc0]);
    // The model's boxes keep a valid erase list and drop a broken one.
    const [kept, dropped] = cleanBoxes(
      [
        { id: "a", kind: "photo", design: 1, box: [0, 0, 500, 500], erase: [[10, 10, 20, 20], "x"] },
        { id: "b", kind: "photo", design: 1, box: [0, 0, 500, 500], erase: [[30, 30, 20, 20]] },
      ],
      1,
    );
    expect(kept!.erase).toEqual([[10, 10, 20, 20]]);
    expect(dropped!.erase).toBeUndefined();
  });

  it("absoluteUrl keeps absolute URLs and joins paths to the public base", () => {
    expect(absoluteUrl("http://x.test", "/uploads/a/b.png")).toBe("http://x.test/uploads/a/b.png");
    expect(absoluteUrl("http://x.test/", "/uploads/a/b.png")).toBe("http://x.test/uploads/a/b.png");
    expect(absoluteUrl("http://x.test", "https://cdn.test/a/b.png")).toBe("https://cdn.test/a/b.png");
  });
});

describe("nameFromHtml", () => {
  it("takes the first h1/h2 text, else the subject, else the default", () => {
    expect(nameFromHtml("<h3>No</h3><h2 style='x'>Spring <b>sale</b> &amp; more</h2><h1>Later</h1>", "S")).toBe(
      "Spring sale & more",
    );
    expect(nameFromHtml("<p>no heading</p>", "  Weekly digest ")).toBe("Weekly digest");
    expect(nameFromHtml("<h1> </h1>", "")).toBe("Your email");
    expect(nameFromHtml(`<h1>${"x".repeat(300)}</h1>`, "").length).toBe(120);
  });
});
