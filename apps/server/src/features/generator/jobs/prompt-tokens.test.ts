import { findTokens, PERSONALISATION_TOKENS } from "@mailsmith/shared";
import { expect, it } from "vitest";
import { EMAIL_RULES } from "./prompt.js";

it("the prompt asks for our personalisation fields, each one in the grammar the export reads (decision 114)", () => {
  const rules = EMAIL_RULES.join("\n");
  const named = new Set(findTokens(rules).map((t) => t.name));
  for (const t of PERSONALISATION_TOKENS) expect(named).toContain(t.name);
  expect(rules).toContain('href="{{unsubscribe_url}}"');
});
