import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, URL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { build, defineConfig, type Plugin } from "vite";

/**
 * Writes .br and .gz beside every text file of the build (the server sends them with preCompressed),
 * so a phone on a slow network downloads a third of the bytes.
 */
function precompress(): Plugin {
  let outDir = "";
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: "mailsmith-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|xml)$/.test(file) || statSync(file).size < 1024) continue;
        const data = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * Marks the zod schemas that @mailsmith/shared builds at module top level (`export const ZFoo = z.object(…)` or
 * `ZBar.extend(…)`) as pure, so the bundler drops the ones a chunk does not use — and zod with them: the landing page
 * imports texts and constants from the same modules without carrying every schema (issue 12 item 6).
 */
function pureSharedSchemas(): Plugin {
  const topLevelSchema = /^((?:export )?const [\w$]+(?:: [^=\n]+)? =\s*)(?=(?:z|Z\w+)\s*\.)/gm;
  return {
    name: "mailsmith-pure-shared-schemas",
    apply: "build",
    enforce: "pre",
    transform(code, id) {
      if (!/[\\/]packages[\\/]shared[\\/]src[\\/].*\.ts$/.test(id)) return null;
      return { code: code.replace(topLevelSchema, "$1/* @__PURE__ */ "), map: null };
    },
  };
}

/** The landing page's prerender module, built beside the web build as `<outDir>-ssr/` (decision 082). */
export const LANDING_SSR_ENTRY = "src/entry-landing-server.tsx";

/**
 * After the browser build, builds the landing page's prerender module into `<outDir>-ssr/` (outside the served
 * folder): one self-contained file the server imports at run time, so every build (npm run build, e2e per-port
 * builds) carries the prerender that matches its own client code.
 */
function landingPrerender(): Plugin {
  let outDir = "";
  let root = "";
  let ssr = false;
  return {
    name: "mailsmith-landing-prerender",
    apply: "build",
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (ssr) return;
      await build({
        root,
        configFile: fileURLToPath(import.meta.url),
        logLevel: "warn",
        build: { ssr: LANDING_SSR_ENTRY, outDir: `${outDir}-ssr`, emptyOutDir: true, copyPublicDir: false },
      });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [pureSharedSchemas(), react(), tailwindcss(), ...(isSsrBuild ? [] : [precompress(), landingPrerender()])],
  // The prerender module is one file with its packages inside: the server loads it without web dependencies.
  ssr: { noExternal: true },
  resolve: {
    alias: [
      { find: "@", replacement: fileURLToPath(new URL("./src", import.meta.url)) },
      // zod with the app's settings applied on load, wherever it is first imported (src/lib/zod-config.ts).
      { find: /^zod$/, replacement: fileURLToPath(new URL("./src/lib/zod-config.ts", import.meta.url)) },
    ],
  },
  server: { port: 5173, proxy: { "/api": "http://localhost:3000" } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // Schema definitions (`z.object(…)` at module top level) are pure: a page that imports one constant from
      // @mailsmith/shared does not carry every schema and zod with it (issue 12 item 6).
      treeshake: { manualPureFunctions: ["z"] },
      // Everything the first page needs in one file instead of ~30 small shared chunks: over HTTP/1.1 a phone
      // fetches six at a time, so each extra wave of requests costs a round trip (Lighthouse, decision 012). The
      // entry itself is tiny; the app it loads after the first paint (start-app and all it imports) is that file
      // (decision 082).
      output: isSsrBuild
        ? {}
        : {
            codeSplitting: {
              groups: [
                // The entry's own helper (module preloading) stays with the entry, not in the app it loads.
                { name: "index", test: /vite[\\/]preload-helper/, priority: 2 },
                { name: "app", test: /[\\/]src[\\/]app[\\/]start-app\.tsx$/, priority: 1 },
              ],
            },
          },
    },
  },
}));
