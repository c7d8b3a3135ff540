// The structure checks of `npm test`: the import rules, the copy-paste check, the shared-worker check, the
// thin-route check, the import-circle check, the component-size check and the query-key check.
//  1. The import rules are Biome `noRestrictedImports` overrides in biome.json (and `noProcessEnv`: only env.ts reads
//     process.env), so `biome ci` (the first step of npm test) already enforces them on the real tree. Here we prove
//     they still bite: each probe below is linted with the repo's biome.json in a scratch folder, and a forbidden
//     import must be reported while an allowed one must not.
//  2. jscpd (.jscpd.json): no block of 6+ lines repeated in apps/server/src or apps/web/src (tests and generated code aside).
//  3. No test file leaves a module mock or fake timers behind (below).
//  4. No route handler calls a repo or two service methods (below).
//  5. No import circle among the server's files (below).
//  6. No .tsx file of the web app over 300 lines (below).
//  7. No TanStack Query key written outside apps/web/src/lib/query-keys.ts (below; decision 134).
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const biome = path.join(root, "node_modules/.bin/biome");

/** [a file in the folder it sits in, what it imports, must the rules forbid it?] */
const probes = [
  ["apps/server/src/features/support/x.ts", "../users/repo.js", true],
  ["apps/server/src/features/commerce/capture/x.ts", "../../generator/service.js", true],
  ["apps/server/src/features/support/x.ts", "../../core/identity.js", false],
  ["apps/server/src/features/commerce/capture/x.ts", "../orders/repo.js", false],
  ["apps/server/src/plugins/x.ts", "../features/users/repo.js", true],
  ["apps/server/src/core/x.ts", "../features/users/repo.js", true],
  ["apps/server/src/core/x.ts", "../plugins/access.js", true],
  ["apps/server/src/lib/x.ts", "../core/errors.js", true],
  ["apps/server/src/composition/x.ts", "../features/content/service.js", false],
  // The bottom floor (core/, db/, adapters/) takes what it needs as parameters, never the app's context.
  ["apps/server/src/db/x.ts", "../context.js", true],
  ["apps/server/src/core/identity/x.ts", "../../context.js", true],
  ["apps/server/src/adapters/renderer/x.ts", "../../context.js", true],
  ["apps/server/src/db/x.ts", "../plugins/access.js", true],
  ["apps/server/src/db/x.ts", "../core/identity/users.js", false],
  // The design reader is a floor beside the email engine: it uses adapters/ and lib/, never a feature.
  ["apps/server/src/design-reader/x.ts", "../features/generator/service.js", true],
  ["apps/server/src/design-reader/x.ts", "../adapters/ocr/tesseract-engine.js", false],
  ["apps/server/src/adapters/ocr/x.ts", "../../design-reader/read-design.js", true],
  // The schema sits below the adapters: what both need is defined with the table.
  ["apps/server/src/db/schema/x.ts", "../../adapters/gemini/models.js", true],
  ["apps/server/src/adapters/gemini/x.ts", "../../db/schema/ai-keys.js", false],
  // The vendors' stand-ins are not the product: nothing in src imports them, tests may.
  ["apps/server/src/features/commerce/capture/x.ts", "../../../../stand-ins/paypal.js", true],
  ["apps/server/src/adapters/paypal/x.ts", "../../../stand-ins/paypal.js", true],
  ["apps/server/src/composition/x.ts", "../../stand-ins/demo.js", true],
  ["apps/server/src/main.ts", "../stand-ins/demo.js", true],
  ["apps/server/test/x.ts", "../stand-ins/paypal.js", false],
  ["apps/server/src/adapters/storage/x.ts", "../../env.js", false],
  ["apps/server/src/plugins/x.ts", "../context.js", false],
  ["apps/server/src/env.ts", "./lib/app-error.js", true],
  ["apps/web/src/features/orders/pages/x.tsx", "@/features/auth/api/me", true],
  ["apps/web/src/features/orders/pages/x.tsx", "../../auth/api/me", true],
  ["apps/web/src/features/orders/pages/x.tsx", "@/app/guards/require-auth", true],
  ["apps/web/src/features/orders/pages/x.tsx", "../api/orders", false],
  ["apps/web/src/features/orders/pages/x.tsx", "@/lib/auth", false],
  ["apps/web/src/components/ui/x.tsx", "@/features/auth/api/me", true],
  ["apps/web/src/lib/x.ts", "../app/router", true],
  ["apps/web/src/app/routes/x.tsx", "@/features/auth/pages/login-page", false],
];

/** [a file, may it read process.env?]: only env.ts reads it (biome's noProcessEnv); tests and scripts may. */
const envProbes = [
  ["apps/server/src/adapters/renderer/x.ts", true],
  ["apps/server/src/email-engine/x.ts", true],
  ["apps/server/src/features/profile/x.ts", true],
  ["apps/server/src/main.ts", true],
  ["apps/server/src/env.ts", false],
  ["apps/server/test/x.ts", false],
];

/**
 * Each probe gets its own file (x.ts → probe-3.ts) so two probes in one folder never overwrite each other; a probe of
 * a named file (env.ts) keeps its name and shares it with the other probes of that file.
 */
function probeFile(file, prefix, index) {
  if (!path.basename(file).startsWith("x.")) return file;
  return path.join(path.dirname(file), `${prefix}-${index}${path.extname(file)}`);
}

function checkImportRules() {
  const scratch = mkdtempSync(path.join(tmpdir(), "structure-"));
  const failures = [];
  /** [file, rule, what it does, forbidden] for each probe, and each file's lines. */
  const cases = [];
  const files = new Map();
  const addLine = (file, line) => files.set(file, [...(files.get(file) ?? []), line]);
  for (const [index, [dir, specifier, forbidden]] of probes.entries()) {
    const file = probeFile(dir, "probe", index);
    addLine(file, `import { x${index} } from "${specifier}";\nexport const y${index} = x${index};`);
    cases.push([file, "noRestrictedImports", `importing "${specifier}"`, forbidden]);
  }
  for (const [index, [dir, forbidden]] of envProbes.entries()) {
    const file = probeFile(dir, "env-probe", index);
    addLine(file, `export const env${index} = process.env.X;`);
    cases.push([file, "noProcessEnv", "reading process.env", forbidden]);
  }
  try {
    copyFileSync(path.join(root, "biome.json"), path.join(scratch, "biome.json"));
    for (const [file, lines] of files) {
      mkdirSync(path.join(scratch, path.dirname(file)), { recursive: true });
      writeFileSync(path.join(scratch, file), `${lines.join("\n")}\n`);
    }
    // --only runs a rule even where biome.json leaves it off (as an info): errors alone are what the rules forbid.
    const run = spawnSync(
      biome,
      [
        "lint",
        "--vcs-enabled=false",
        "--max-diagnostics=none",
        "--diagnostic-level=error",
        "--only=style/noRestrictedImports",
        "--only=style/noProcessEnv",
        "apps",
      ],
      { cwd: scratch, encoding: "utf8" },
    );
    const output = `${run.stdout}${run.stderr}`;
    for (const [file, rule, what, forbidden] of cases) {
      const reported = output.split("\n").some((line) => line.startsWith(`${file}:`) && line.includes(rule));
      if (reported !== forbidden) {
        failures.push(
          `${file} ${what}: expected ${forbidden ? "forbidden" : "allowed"}, got ${reported ? "forbidden" : "allowed"}`,
        );
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return failures;
}

const ruleFailures = checkImportRules();
if (ruleFailures.length > 0) {
  console.error("The import rules in biome.json no longer say what docs/architecture.md says:");
  for (const failure of ruleFailures) console.error(`  ${failure}`);
  process.exit(1);
}
console.log(
  `Import rules: ${probes.length + envProbes.length} probes behave as docs/architecture.md says (floors, process.env).`,
);

const jscpd = spawnSync(path.join(root, "node_modules/.bin/jscpd"), ["--config", ".jscpd.json"], {
  cwd: root,
  encoding: "utf8",
});
if (jscpd.status !== 0) {
  process.stdout.write(jscpd.stdout);
  process.stderr.write(jscpd.stderr);
  console.error(
    "Copy-paste check failed: extract the repeated blocks above (a shared component, helper or kernel function).",
  );
  process.exit(1);
}
console.log("Copy-paste check: no block of 6+ repeated lines in apps/server/src and apps/web/src.");

// 3. Unit, engine and server test files share a worker's module graph (vitest `isolate: false`): a module mock
//    would leak into every file that runs after it in that worker, and fake timers left on would stall the next file.
//    (Env and global stubs and spies are undone after each test by the projects' unstub/restore settings.)
const testFiles = spawnSync("git", ["ls-files", "*.test.ts", "*.test.tsx"], { cwd: root, encoding: "utf8" })
  .stdout.split("\n")
  .filter(Boolean);
const leaks = [];
for (const file of testFiles) {
  const text = readFileSync(path.join(root, file), "utf8");
  if (/\bvi\.(mock|doMock)\(/.test(text)) leaks.push(`${file}: vi.mock/vi.doMock (module mocks leak across files)`);
  if (/\bvi\.useFakeTimers\(/.test(text) && !/\bvi\.useRealTimers\(/.test(text))
    leaks.push(`${file}: vi.useFakeTimers without vi.useRealTimers`);
}
if (leaks.length > 0) {
  console.error("Test files that would change what other files in the same worker see:");
  for (const leak of leaks) console.error(`  ${leak}`);
  process.exit(1);
}
console.log(`Shared-worker check: ${testFiles.length} test files leave no module mock or fake timer behind.`);

// 4. Routes are thin (docs/architecture.md): a handler parses, makes one service call and answers. No handler calls a
//    repo (`keysRepo.active(…)`: the service does) or two service methods (one service method does both).
function thinRouteFindings(file, text) {
  const findings = [];
  for (const handler of text.split(/\bapp\.(?:get|post|put|patch|delete|route)\(/).slice(1)) {
    const url = /^\s*(?:\{[^}]*?url:\s*)?"([^"]+)"/.exec(handler)?.[1] ?? "(a route)";
    const repoCalls = handler.match(/\b\w+Repo\.\w+\(/g) ?? [];
    const serviceCalls = handler.match(/\b\w+Service\.\w+\(/g) ?? [];
    if (repoCalls.length > 0) findings.push(`${file} ${url}: calls a repo (${repoCalls.join(" ")})`);
    if (serviceCalls.length > 1)
      findings.push(`${file} ${url}: ${serviceCalls.length} service calls (${serviceCalls.join(" ")})`);
  }
  return findings;
}
const thinProbe = thinRouteFindings(
  "probe",
  'app.get("/a", {}, async () => ({ a: await aService.one(ctx), b: await aService.two(ctx) }));\n' +
    'app.get("/b", {}, async () => keysRepo.active(ctx.db));\napp.get("/c", {}, async () => aService.one(ctx));\n',
);
if (thinProbe.length !== 2) {
  console.error(`The thin-route check no longer bites: ${thinProbe.length} findings in its probe, 2 expected.`);
  process.exit(1);
}
const routeFiles = readdirSync(path.join(root, "apps/server/src/features"), { recursive: true })
  .filter((file) => /routes\.ts$/.test(file))
  .map((file) => path.join("apps/server/src/features", file));
const fatRoutes = routeFiles.flatMap((file) => thinRouteFindings(file, readFileSync(path.join(root, file), "utf8")));
if (fatRoutes.length > 0) {
  console.error("Routes that do a service's work (parse → one service call → answer; docs/architecture.md):");
  for (const finding of fatRoutes) console.error(`  ${finding}`);
  process.exit(1);
}
console.log(`Thin routes: ${routeFiles.length} route files, each handler one service call and no repo.`);

// 5. No import circles in apps/server/src: files that import each other, even for a type, cannot be read,
//    tested or moved one at a time. What two files both need goes to a third that both import (as fixes/fix-pass.ts
//    and generator/jobs/refund.ts do).
/** Import specifiers of ours in a file's text (static, type-only, re-exports and import() of a literal path). */
function relativeImports(text) {
  const specifiers = [];
  for (const match of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)"(\.{1,2}\/[^"]+)"/gm))
    specifiers.push(match[1]);
  return specifiers;
}
/** The strongly connected groups of more than one file (or a file importing itself), by Tarjan's algorithm. */
function importCycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let next = 0;
  const visit = (file) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file), index.get(target)));
    }
    if (low.get(file) !== index.get(file)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}
/** file → the files of the tree it imports; `texts` maps a path (from the repository root) to its source. */
function importGraph(texts) {
  const graph = new Map();
  for (const [file, text] of texts) {
    const targets = relativeImports(text).flatMap((specifier) => {
      const base = path.join(path.dirname(file), specifier).replace(/\.js$/, "");
      return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`].filter((candidate) => texts.has(candidate)).slice(0, 1);
    });
    graph.set(file, targets);
  }
  return graph;
}
const cycleProbe = importCycles(
  importGraph(
    new Map([
      ["p/a.ts", 'import type { B } from "./b.js";'],
      ["p/b.ts", 'export { c } from "./c/index.js";'],
      ["p/c/index.ts", 'import { a } from "../a.js";'],
      ["p/d.ts", 'import { a } from "./a.js";\nimport "./e.js";'],
      ["p/e.ts", "export const e = 1;"],
    ]),
  ),
);
if (cycleProbe.length !== 1 || cycleProbe[0].join(" ") !== "p/a.ts p/b.ts p/c/index.ts") {
  console.error(`The import-circle check no longer bites: its probe gave ${JSON.stringify(cycleProbe)}.`);
  process.exit(1);
}
const serverSources = readdirSync(path.join(root, "apps/server/src"), { recursive: true })
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
  .map((file) => path.join("apps/server/src", file));
const circles = importCycles(
  importGraph(new Map(serverSources.map((file) => [file, readFileSync(path.join(root, file), "utf8")]))),
);
if (circles.length > 0) {
  console.error("Import circles in apps/server/src (move what both sides need into a file both import):");
  for (const circle of circles) console.error(`  ${circle.join(" ↔ ")}`);
  process.exit(1);
}
console.log(`Import circles: none among ${serverSources.length} files of apps/server/src.`);

// 6. Small parts on the web side too: no component file over 300 lines — split the columns, a form or a
//    hook out of a page that grows past it.
const MAX_TSX_LINES = 300;
/** The files (path → text) with more than MAX_TSX_LINES lines. */
function oversizedComponents(texts) {
  return [...texts]
    .map(([file, text]) => [file, text.replace(/\n$/, "").split("\n").length])
    .filter(([, lines]) => lines > MAX_TSX_LINES);
}
const sizeProbe = oversizedComponents(
  new Map([
    ["probe/big.tsx", "x\n".repeat(MAX_TSX_LINES + 1)],
    ["probe/small.tsx", "x\n".repeat(MAX_TSX_LINES)],
  ]),
);
if (sizeProbe.length !== 1 || sizeProbe[0][0] !== "probe/big.tsx") {
  console.error(`The component-size check no longer bites: its probe gave ${JSON.stringify(sizeProbe)}.`);
  process.exit(1);
}
const webComponents = readdirSync(path.join(root, "apps/web/src"), { recursive: true })
  .filter((file) => file.endsWith(".tsx") && !/\.test\.tsx$/.test(file))
  .map((file) => path.join("apps/web/src", file));
const oversized = oversizedComponents(
  new Map(webComponents.map((file) => [file, readFileSync(path.join(root, file), "utf8")])),
);
if (oversized.length > 0) {
  console.error(`Components over ${MAX_TSX_LINES} lines (split them: columns, a form, a hook):`);
  for (const [file, lines] of oversized) console.error(`  ${file}: ${lines} lines`);
  process.exit(1);
}
console.log(
  `Component size: none of ${webComponents.length} .tsx files in apps/web/src is over ${MAX_TSX_LINES} lines.`,
);

// 7. Query keys have one home: a key array written beside a query, an invalidation or a cache write
//    can drift from the one the reader uses, and the refresh silently stops. Every key is a factory in
//    lib/query-keys.ts; elsewhere a `queryKey: [`, a `setQueryData([` or a `const …Key = [` is refused.
const QUERY_KEYS_HOME = "apps/web/src/lib/query-keys.ts";
const inlineKeyPatterns = [
  /\bqueryKey:\s*\[/,
  /\b(?:set|get)Query(?:Data|State)\s*(?:<[^>]*>)?\(\s*\[/,
  /\b(?:const|let)\s+(?:\w+Keys?|key)\s*=\s*[[{]/,
];
/** "file:line: text" for each line of the files (path → text) that writes a query key of its own. */
function inlineQueryKeys(texts) {
  const findings = [];
  for (const [file, text] of texts) {
    if (file === QUERY_KEYS_HOME) continue;
    for (const [index, line] of text.split("\n").entries())
      if (inlineKeyPatterns.some((pattern) => pattern.test(line)))
        findings.push(`${file}:${index + 1}: ${line.trim()}`);
  }
  return findings;
}
const keyProbe = inlineQueryKeys(
  new Map([
    ["probe/a.ts", 'useQuery({ queryKey: ["orders", kind], queryFn });'],
    ["probe/b.ts", 'qc.setQueryData<TUser>(["me"], null);\nconst ordersKey = ["orders"] as const;'],
    ["probe/c.ts", "useQuery({ queryKey: queryKeys.orders.mine(kind), queryFn });\nconst keys = [...Object.keys(a)];"],
    [QUERY_KEYS_HOME, 'export const queryKeys = { me: ["me"] as const };'],
  ]),
);
if (keyProbe.length !== 3 || keyProbe.some((finding) => !/^probe\/[ab]\.ts/.test(finding))) {
  console.error(`The query-key check no longer bites: its probe gave ${JSON.stringify(keyProbe)}.`);
  process.exit(1);
}
const webSources = readdirSync(path.join(root, "apps/web/src"), { recursive: true })
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
  .map((file) => path.join("apps/web/src", file));
const inlineKeys = inlineQueryKeys(
  new Map(webSources.map((file) => [file, readFileSync(path.join(root, file), "utf8")])),
);
if (inlineKeys.length > 0) {
  console.error(`Query keys written outside ${QUERY_KEYS_HOME} (add a factory there and use it):`);
  for (const finding of inlineKeys) console.error(`  ${finding}`);
  process.exit(1);
}
console.log(`Query keys: none of ${webSources.length} files of apps/web/src writes a key outside lib/query-keys.ts.`);
