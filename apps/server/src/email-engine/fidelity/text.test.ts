import { describe, expect, it } from "vitest";
import { normaliseText, wordRecall } from "./text.js";

describe("the words a design shows", () => {
  it("reads a word with a zero-width character inside it as the one word a person sees", () => {
    // sendwithus' mantra theme keeps phones from linking its addresses and dates: zero-width non-joiners in them.
    const design =
      "123, Addr\u200cess line 1, Land\u200cmark, St\u200cate, Coun\u200ctry. Shipped Aug 2\u200c8, 201\u200c6";
    expect(normaliseText(design)).toBe("123 address line 1 landmark state country shipped aug 28 2016");
    expect(normaliseText("soft\u00adware, A8\u200b0SD99")).toBe("software a80sd99");
    expect(wordRecall(design, "123, Address line 1, Landmark, State, Country. Shipped Aug 28, 2016")).toBe(1);
    // Punctuation still parts words.
    expect(normaliseText("Spring  Sale —50%!")).toBe("spring sale 50");
  });
});
