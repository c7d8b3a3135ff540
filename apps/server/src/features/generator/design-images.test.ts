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
