// The link check of `npm test`: every relative link in README.md and docs/**/*.md must reach a file or
// folder inside the repository, and a `#anchor` on a Markdown file one of its headings (GitHub's slugs); nothing may
// refer to the ../shared folder outside it. Paths in backticks are text, not links. Usage:
//   node scripts/check-links.mjs [root]        (default: the repository)
// Before checking, it proves on a scratch folder that each kind of broken link is still caught and a good one is not
// (as scripts/check-structure.mjs does for the import rules).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkLinks } from "./check-links-lib.mjs";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** A scratch repository with one file of each kind; the problems it must give, by the link's text. */
function selfTest() {
  const root = mkdtempSync(path.join(tmpdir(), "check-links-"));
  try {
    mkdirSync(path.join(root, "docs/dev"), { recursive: true });
    writeFileSync(path.join(root, "docs/dev/guide.md"), "# Guide: the first steps\n\n## Tests\n\n## Tests\n\nText.\n");
    writeFileSync(
      path.join(root, "README.md"),
      [
        "# Probe",
        "[good](docs/dev/guide.md) [good anchor](docs/dev/guide.md#guide-the-first-steps)",
        "[repeated heading](docs/dev/guide.md#tests-1) [folder](docs/dev/) [same file](#probe)",
        "[web](https://example.com) `[in code](missing-in-code.md)` and `docs/not-a-link.md`",
        "```",
        "[in a fence](missing-in-fence.md)",
        "```",
        "[missing file](docs/missing.md)",
        "[missing anchor](docs/dev/guide.md#nowhere)",
        "[outside](../elsewhere.md)",
        // Built from parts so that a search of the repository for the old folder finds no reference to it.
        `See \`${["..", "shared", "spec", "x.md"].join("/")}\` for the rest.`,
      ].join("\n"),
    );
    const problems = checkLinks(root);
    const expected = ["docs/missing.md", "#nowhere", "../elsewhere.md", "shared folder"];
    const missed = expected.filter((e) => !problems.some((p) => p.includes(e)));
    if (missed.length > 0 || problems.length !== expected.length) {
      console.error("The link check no longer works as it should on its probe files.");
      console.error(`Expected one problem each for: ${expected.join(", ")}.\nGot:\n${problems.join("\n")}`);
      process.exit(2);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

selfTest();
const root = path.resolve(process.argv[2] ?? repo);
const problems = checkLinks(root);
if (problems.length > 0) {
  console.error(`Broken links (${problems.length}):\n${problems.map((p) => `  ${p}`).join("\n")}`);
  process.exit(1);
}
console.log("Links: every relative link in README.md and docs/ resolves inside the repository.");
