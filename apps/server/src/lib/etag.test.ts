import { describe, expect, it } from "vitest";
import { ifNoneMatchHas } from "./etag.js";

describe("ifNoneMatchHas", () => {
  const etag = '"abc"';
  it("matches the tag alone, in a list, or weak", () => {
    expect(ifNoneMatchHas('"abc"', etag)).toBe(true);
    expect(ifNoneMatchHas('"old", "abc"', etag)).toBe(true);
    expect(ifNoneMatchHas('W/"abc"', etag)).toBe(true);
  });
  it("does not match another tag, a missing header or a tag without quotes", () => {
    expect(ifNoneMatchHas('"abd"', etag)).toBe(false);
    expect(ifNoneMatchHas(undefined, etag)).toBe(false);
    expect(ifNoneMatchHas("abc", etag)).toBe(false);
  });
});
