// Bundles the server into <outdir>/main.js (default dist/) with a copy of the migrations beside it.
// npm packages stay external (installed by npm ci); the shared workspace package is bundled in.
// --with-stand-ins (the demo: `npm start`, the e2e build) also writes <outdir>/stand-ins.js, the offline PayPal the
// server mounts outside production (decision 129); the production build and the image never have it.
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const args = process.argv.slice(2);
const outdir = path.resolve(args.find((a) => !a.startsWith("--")) ?? "dist");
const withStandIns = args.includes("--with-stand-ins");
rmSync(outdir, { recursive: true, force: true });
await build({
  // The post-processing worker is its own entry: worker threads load it by file name beside main.js.
  entryPoints: [
    { in: "src/main.ts", out: "main" },
    { in: "src/email-engine/worker.ts", out: "email-engine-worker" },
    { in: "src/design-reader/worker.ts", out: "design-reader-worker" },
    ...(withStandIns ? [{ in: "stand-ins/demo.ts", out: "stand-ins" }] : []),
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
