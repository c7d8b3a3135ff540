import { COMMERCE_MESSAGES, GENERATOR_UI } from "@mailsmith/shared";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { CreditsAmount, CreditsBox, noCreditsNote } from "./credits-box";

const box = (credits: number) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <CreditsBox credits={credits} />
    </MemoryRouter>,
  );

describe("the Generator's balance (decision 141)", () => {
  it("a balance owed is written with a true minus sign, in red, with Buy Now", () => {
    const html = box(-20);
    expect(html).toContain(">\u221220</strong>");
    expect(html.replace(/<[^>]+>/g, " ")).not.toContain("-20");
    expect(html).toContain("text-red-700");
    expect(html).toContain(GENERATOR_UI.buyNow);
  });

  it("zero and positive balances are plain numbers; Buy Now only below 1", () => {
    expect(box(0)).toContain(">0</strong>");
    expect(box(0)).toContain(GENERATOR_UI.buyNow);
    expect(box(3)).toContain(">3</strong>");
    expect(box(3)).not.toContain(GENERATOR_UI.buyNow);
    expect(renderToStaticMarkup(<CreditsAmount credits={-1} />)).toContain("\u22121");
  });

  it("says why it cannot generate: nothing left, or how much is owed", () => {
    expect(noCreditsNote(0)).toBe(GENERATOR_UI.noCredits);
    expect(noCreditsNote(-20)).toBe(COMMERCE_MESSAGES.negativeBalance(-20));
    expect(noCreditsNote(-20)).toContain("\u221220");
  });
});
