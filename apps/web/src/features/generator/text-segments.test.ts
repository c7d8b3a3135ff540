import type { TEditablePart } from "@mailsmith/shared";
import { describe, expect, it } from "vitest";
import { removedLinks, sameSegments, settleSegments, withLinkWords } from "./text-segments";

const FOOTER: TEditablePart = {
  id: "text-3",
  kind: "text",
  tag: "p",
  section: null,
  text: "Read the story or unsubscribe.",
  segments: [
    { text: "Read " },
    { text: "the story", link: "link-0" },
    { text: " or " },
    { text: "unsubscribe", link: "link-1" },
    { text: "." },
  ],
};

describe("a text with links as the member edits it (decision 140)", () => {
  it("leaves out a link whose words were deleted, keeping its spaces as words, and says which one went", () => {
    const edited = withLinkWords(FOOTER.segments!, "link-1", " ");
    expect(settleSegments(edited)).toEqual([
      { text: "Read " },
      { text: "the story", link: "link-0" },
      { text: " or  ." },
    ]);
    expect(removedLinks(FOOTER, edited)).toEqual([{ text: "unsubscribe", link: "link-1" }]);
    // The field may also drop the link's element itself: the same link is gone.
    expect(removedLinks(FOOTER, FOOTER.segments!.slice(0, 3))).toEqual([{ text: "unsubscribe", link: "link-1" }]);
    expect(removedLinks(FOOTER, FOOTER.segments!)).toEqual([]);
  });

  it("joins the pieces a browser splits, so an untouched text is no change", () => {
    const split = [
      { text: "Re" },
      { text: "ad " },
      { text: "the ", link: "link-0" },
      { text: "story", link: "link-0" },
      { text: "" },
      { text: " or " },
      { text: "unsubscribe", link: "link-1" },
      { text: "." },
    ];
    expect(sameSegments(settleSegments(split), FOOTER.segments!)).toBe(true);
    expect(sameSegments(settleSegments(withLinkWords(FOOTER.segments!, "link-0", "our terms")), FOOTER.segments!)).toBe(
      false,
    );
  });
});
