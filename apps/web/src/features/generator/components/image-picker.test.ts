import { DESIGN_IMAGE_STORED_AS, GENERATOR_LIMITS, MODEL_IMAGE_MIME_TYPES } from "@mailsmith/shared";
import { describe, expect, it } from "vitest";
import { checkImages } from "./image-picker";

const file = (name: string, type = "image/png", size = 10) => new File([new Uint8Array(size)], name, { type });

describe("checkImages (before anything is uploaded)", () => {
  it("keeps valid images and names each refused file with its reason", () => {
    const { accepted, errors } = checkImages(0, [
      file("a.png"),
      file("notes.pdf", "application/pdf"),
      file("huge.jpg", "image/jpeg", GENERATOR_LIMITS.maxImageBytes + 1),
      file("b.webp", "image/webp"),
    ]);
    expect(accepted.map((f) => f.name)).toEqual(["a.png", "b.webp"]);
    expect(errors).toEqual([
      "notes.pdf: only PNG, JPEG, WebP and GIF images are allowed.",
      "huge.jpg: each image must be 4 MB or smaller.",
    ]);
  });

  it("adds only what fits under the count limit and says so", () => {
    const six = ["1", "2", "3", "4", "5", "6"].map((n) => file(`${n}.png`));
    const some = checkImages(3, six);
    expect(some.accepted.map((f) => f.name)).toEqual(["1.png", "2.png"]);
    expect(some.errors).toEqual(["You can upload at most 5 images: only the first 2 were added."]);
    const none = checkImages(GENERATOR_LIMITS.maxImages, [file("x.png")]);
    expect(none.accepted).toEqual([]);
    expect(none.errors).toEqual(["You can upload at most 5 images."]);
  });

  it("accepts exactly the limit in size and count", () => {
    const five = ["1", "2", "3", "4", "5"].map((n) => file(`${n}.gif`, "image/gif", GENERATOR_LIMITS.maxImageBytes));
    expect(checkImages(0, five)).toEqual({ accepted: five, errors: [] });
  });

  it("takes exactly the types the server re-encodes into one the model takes, and refuses the others before upload", () => {
    const types = Object.keys(DESIGN_IMAGE_STORED_AS);
    expect(
      checkImages(
        0,
        types.map((t, i) => file(`${i}`, t)),
      ).accepted,
    ).toHaveLength(types.length);
    for (const t of types)
      expect(MODEL_IMAGE_MIME_TYPES).toContain(DESIGN_IMAGE_STORED_AS[t as keyof typeof DESIGN_IMAGE_STORED_AS]);
    const refused = checkImages(0, [
      file("p.heic", "image/heic"),
      file("s.bmp", "image/bmp"),
      file("l.svg", "image/svg+xml"),
    ]);
    expect(refused.accepted).toEqual([]);
    expect(refused.errors).toHaveLength(3);
  });
});
