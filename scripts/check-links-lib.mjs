// The pure parts of scripts/check-links.mjs: find the relative links of a Markdown file, the anchors its headings
// give (GitHub's slugs), and what is wrong with each link of a set of files. No process exit, no printing.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** Texts that point at the project's old specification folder outside the repository, link or not. */
const OUTSIDE_REFERENCE = /(?:^|[^\w.-])(?:\.\.\/)+shared(?:\/|\b)|\/work\/shared\b/;

/** GitHub's heading anchor: lower case, punctuation dropped (letters, digits, `_` and `-` kept), spaces → `-`. */
export function slugify(heading) {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** The heading's text as GitHub renders it: links and images by their text, code, emphasis and tags unwrapped. */
function headingText(raw) {
  return raw
    .replace(/\s+#+\s*$/, "")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/(\*\*|__|\*)(.+?)\1/g, "$2")
    .replace(/(^|\s)_(.+?)_(?=\s|$)/g, "$1$2")
    .trim();
}

/** Lines outside fenced code blocks, with their 1-based line numbers. */
function proseLines(markdown) {
  const out = [];
  let fence = null;
  markdown.split("\n").forEach((line, i) => {
    const opener = line.match(/^\s{0,3}(`{3,}|~{3,})/);
    if (fence) {
      if (opener && opener[1][0] === fence[0] && opener[1].length >= fence.length) fence = null;
      return;
    }
    if (opener) {
      fence = opener[1];
      return;
    }
    out.push({ line: i + 1, text: line });
  });
  return out;
}

/** Every anchor a Markdown file offers: its headings' slugs (repeats numbered as GitHub does) and explicit ids. */
export function anchorsOf(markdown) {
  const anchors = new Set();
  const seen = new Map();
  for (const { text } of proseLines(markdown)) {
    const heading = text.match(/^\s{0,3}#{1,6}\s+(.*)$/);
    if (heading) {
      const base = slugify(headingText(heading[1]));
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const m of text.matchAll(/<a\s[^>]*(?:name|id)="([^"]+)"/g)) anchors.add(m[1]);
  }
  return anchors;
}

/** Relative links of a Markdown file: `[text](target)`, `![alt](target)`, `[label]: target`, `href="target"`. */
export function linksOf(markdown) {
  const links = [];
  for (const { line, text } of proseLines(markdown)) {
    const prose = text.replace(/(`+)[^`]*?\1/g, (span) => " ".repeat(span.length));
    const targets = [
      ...[...prose.matchAll(/!?\[[^\]]*\]\(\s*(<[^>]*>|(?:[^()\s]|\([^()\s]*\))+)(?:\s+["'(][^)]*)?\)/g)].map(
        (m) => m[1],
      ),
      ...[...prose.matchAll(/^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/g)].map((m) => m[1]),
      ...[...prose.matchAll(/\b(?:href|src)="([^"]+)"/g)].map((m) => m[1]),
    ];
    for (let target of targets) {
      target = target.replace(/^<|>$/g, "");
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) continue;
      links.push({ line, target });
    }
  }
  return links;
}

/** README.md and every Markdown file under docs/, relative to root, sorted. */
export function markdownFiles(root) {
  const files = existsSync(path.join(root, "README.md")) ? ["README.md"] : [];
  const walk = (dir) => {
    if (!existsSync(path.join(root, dir))) return;
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith(".md")) files.push(rel);
    }
  };
  walk("docs");
  return files.sort();
}

/** What is wrong with the links of `files` (paths relative to root): one `file:line: problem` string each. */
export function checkLinks(root, files = markdownFiles(root)) {
  const problems = [];
  const anchorCache = new Map();
  const anchorsIn = (abs) => {
    if (!anchorCache.has(abs)) anchorCache.set(abs, anchorsOf(readFileSync(abs, "utf8")));
    return anchorCache.get(abs);
  };
  for (const file of files) {
    const abs = path.join(root, file);
    const markdown = readFileSync(abs, "utf8");
    markdown.split("\n").forEach((text, i) => {
      if (OUTSIDE_REFERENCE.test(text)) {
        problems.push(`${file}:${i + 1}: refers to the shared folder outside the repository`);
      }
    });
    for (const { line, target } of linksOf(markdown)) {
      const hash = target.indexOf("#");
      const rawPath = hash === -1 ? target : target.slice(0, hash);
      const anchor = hash === -1 ? "" : decodeURIComponent(target.slice(hash + 1));
      let decoded;
      try {
        decoded = decodeURIComponent(rawPath.split("?")[0]);
      } catch {
        problems.push(`${file}:${line}: ${target} is not a valid link`);
        continue;
      }
      const resolved =
        decoded === ""
          ? abs
          : path.resolve(decoded.startsWith("/") ? root : path.dirname(abs), `.${path.sep}${decoded}`);
      const inside = path.relative(root, resolved);
      if (inside.startsWith("..") || path.isAbsolute(inside)) {
        problems.push(`${file}:${line}: ${target} points outside the repository`);
        continue;
      }
      if (!existsSync(resolved)) {
        problems.push(`${file}:${line}: ${target} — no such file`);
        continue;
      }
      if (anchor && resolved.endsWith(".md") && statSync(resolved).isFile() && !anchorsIn(resolved).has(anchor)) {
        problems.push(`${file}:${line}: ${target} — no heading #${anchor} in ${path.relative(root, resolved)}`);
      }
    }
  }
  return problems;
}
