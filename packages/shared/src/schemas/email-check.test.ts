import { describe, expect, it } from "vitest";
import { buildFixInstruction } from "./email-check";

const gmail = {
  title: "Gmail support",
  status: "warn",
  reason: "Gmail falls back on 2 features (@media, :hover); the email stays readable.",
};
const alt = {
  title: "Image alt text",
  status: "warn",
  reason: "1 image has no alt.",
  fix: 'Describe what each image shows (alt="…").',
};
const contrast = { title: "Text contrast (WCAG AA)", status: "fail", reason: "Lowest 1.6:1.", fix: "Darken the text." };

describe("buildFixInstruction (what Fix with AI asks the model to change)", () => {
  it("asks for the failures and the warnings that come with a fix, failures first", () => {
    const text = buildFixInstruction([gmail, alt, contrast, { title: "Size", status: "pass", reason: "12 KB." }]);
    expect(text?.split("\n").slice(1)).toEqual([
      "- Text contrast (WCAG AA): Lowest 1.6:1. Fix: Darken the text.",
      '- Image alt text: 1 image has no alt. Fix: Describe what each image shows (alt="…").',
    ]);
  });

  it("never passes on a client's fallback notice (the AI would strip the media queries it names)", () => {
    expect(buildFixInstruction([gmail, { ...gmail, title: "Outlook support" }])).toBeNull();
    expect(buildFixInstruction([gmail, alt])).not.toContain("@media");
  });
});
