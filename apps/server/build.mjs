// Bundles the server into <outdir>/main.js (default dist/) with a copy of the migrations beside it.
// npm packages stay external (installed by npm ci); the shared workspace package is bundled in.
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const outdir = path.resolve(process.argv[2] ?? "dist");
rmSync(outdir, { recursive: true, force: true });
await build({
  // The post-processing worker is its own entry: worker threads load it by file name beside main.js.
  entryPoints: [
    { in: "src/main.ts", out: "main" },
    { in: "src/email-engine/worker.ts", out: "email-engine-worker" },
    { in: "src/design-reader/worker.ts", out: "design-reader-worker" },
  ],
  outdir,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  sourcemap: true,
  packages: "external",
  alias: { "@mailsmith/shared": "../../packages/shared/src/index.ts" },
  logLevel: "warning",
});
cpSync("drizzle", path.join(outdir, "drizzle"), { recursive: true });
