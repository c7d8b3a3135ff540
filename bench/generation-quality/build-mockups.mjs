#!/usr/bin/env node
/**
 * Builds the real mock-up set (decision 160) from a clone of Easy-Email-Pro/email-templates (MIT, stated in its
 * readme): each template's own picture as its authors published it (`templateN/thumbnail.png`: real photographs, its
 * web fonts, emoji) is the design; its `index.html` gives the words a person sees in it. The pictures (15 MB) stay
 * out of the repository; the set is measured with `BENCH_SET=<out>`.
 *
 *   git clone https://github.com/Easy-Email-Pro/email-templates /somewhere/easy-email
 *   node bench/generation-quality/build-mockups.mjs /somewhere/easy-email /tmp/mockups
 *   BENCH_SET=/tmp/mockups npm run bench:generation
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const [clone, out] = process.argv.slice(2);
if (!clone || !out) {
  console.error("usage: build-mockups.mjs <clone of Easy-Email-Pro/email-templates> <output folder>");
  process.exit(2);
}
const repo = "Easy-Email-Pro/email-templates";
const commit = execFileSync("git", ["-C", clone, "rev-parse", "HEAD"], { encoding: "utf8" }).trim();
const folder = path.join(out, repo.replace("/", "+"));
const templates = [];
const numbered = readdirSync(clone)
  .map((name) => /^template(\d+)$/.exec(name))
  .filter((m) => m !== null)
  .sort((a, b) => Number(a[1]) - Number(b[1]));
for (const [name, n] of numbered) {
  const html = path.join(name, "index.html");
  const picture = path.join(name, "thumbnail.png");
  if (!existsSync(path.join(clone, html)) || !existsSync(path.join(clone, picture))) continue;
  mkdirSync(path.join(folder, name), { recursive: true });
  for (const file of [html, picture]) copyFileSync(path.join(clone, file), path.join(folder, file));
  templates.push({ id: `eemock-${n}`, repo, commit, path: html, picture, licence: "MIT", kind: [], why: "" });
}
writeFileSync(path.join(out, "manifest.json"), JSON.stringify({ templates }, null, 1));
console.log(`${templates.length} mock-ups from ${repo} @ ${commit.slice(0, 7)} in ${out}`);
