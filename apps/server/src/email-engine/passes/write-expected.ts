// Regenerates __fixtures__/*.expected.html from the passes (review the diff before committing).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PASSES } from "../pipeline.js";
import { applyPass } from "./pass.js";

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "__fixtures__");
for (const f of readdirSync(dir)) {
  if (!f.endsWith(".html") || f.endsWith(".expected.html")) continue;
  const [passName, , source] = f.replace(/\.html$/, "").split(".") as [string, string, "existing" | "generated"];
  const pass = PASSES.find((p) => p.name === passName);
  if (!pass) throw new Error(`No pass ${passName} for ${f}`);
  const { html, notes } = applyPass(pass, readFileSync(path.join(dir, f), "utf8"), {
    source,
    subject: "Fixture subject",
    preheader: "Fixture preheader",
  });
  writeFileSync(path.join(dir, f.replace(/\.html$/, ".expected.html")), html);
  console.log(f, notes);
}
