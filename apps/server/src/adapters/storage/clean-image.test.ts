import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { cleanImage } from "./clean-image.js";

describe("cleanImage", () => {
  it("keeps the pixels only: orientation applied, sRGB, no EXIF, GPS, XMP or ICC profile", async () => {
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#336699" } })
      .withExif({ IFD0: { Copyright: "secret-owner" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1" } })
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
      )
      .withMetadata({ orientation: 6 })
      .withIccProfile("p3")
      .jpeg()
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect([!!before.exif, !!before.icc, !!before.xmp, before.orientation]).toEqual([true, true, true, 6]);
    for (const format of ["jpeg", "png", "webp"] as const) {
      const out = await cleanImage(photo, { format });
      const meta = await sharp(out.data).metadata();
      expect(meta.format).toBe(format);
      expect([meta.exif, meta.icc, meta.xmp, meta.iptc, meta.orientation]).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      expect([out.width, out.height]).toEqual([48, 64]);
      expect(out.data.includes("secret-owner")).toBe(false);
    }
  });

  it("refuses what is not a picture", async () => {
    await expect(cleanImage(Buffer.from("<svg/>"), { format: "png" })).rejects.toThrow();
  });
});
