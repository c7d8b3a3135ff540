import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PASSES } from "../pipeline.js";
import { applyPass } from "./pass.js";

/**
 * Fixture → expected, one pair per case (docs/dev/conventions.md): __fixtures__/<pass>.<case>.<source>.html is run
 * through that pass alone and must give <pass>.<case>.<source>.expected.html byte for byte. To see a change on
 * purpose, regenerate with `npx tsx apps/server/src/email-engine/passes/write-expected.ts` and review the diff.
 */
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "__fixtures__");
const cases = readdirSync(dir)
  .filter((f) => f.endsWith(".html") && !f.endsWith(".expected.html"))
  .map((f) => {
    const [pass, name, source] = f.replace(/\.html$/, "").split(".") as [string, string, "existing" | "generated"];
    return { file: f, pass, name, source };
  });

export const FIXTURE_OPTIONS = { subject: "Fixture subject", preheader: "Fixture preheader" };

describe("email engine passes: fixture → expected", () => {
  it("every pass has at least one fixture", () => {
    for (const p of PASSES)
      expect(
        cases.some((c) => c.pass === p.name),
        p.name,
      ).toBe(true);
  });
  for (const c of cases) {
    it(`${c.pass}: ${c.name} (${c.source})`, () => {
      const pass = PASSES.find((p) => p.name === c.pass);
      expect(pass, c.pass).toBeDefined();
      const input = readFileSync(path.join(dir, c.file), "utf8");
      const expected = readFileSync(path.join(dir, c.file.replace(/\.html$/, ".expected.html")), "utf8");
      const { html } = applyPass(pass!, input, { source: c.source, ...FIXTURE_OPTIONS });
      expect(html).toBe(expected);
    });
  }
});
