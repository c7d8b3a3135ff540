// Bundles the server into dist/main.js; npm packages stay external (installed by npm ci).
import { build } from "esbuild";

await build({
  entryPoints: ["src/main.ts"],
  outfile: "dist/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  packages: "external",
  // The shared workspace package is TypeScript source: bundle it in.
  external: [],
  alias: { "@mailsmith/shared": "../../packages/shared/src/index.ts" },
  logLevel: "warning",
});
