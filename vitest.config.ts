import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const ENGINE_SUITES = [
  "apps/server/test/email-corpus*.test.ts",
  "apps/server/test/fidelity-*.test.ts",
  "apps/server/test/renderer.test.ts",
  "apps/server/test/renderer-isolation.test.ts",
  "apps/server/test/email-engine-render.test.ts",
  "apps/server/test/email-check-cli.test.ts",
  "apps/server/test/sanitizer-chromium.test.ts",
  "apps/server/test/design-reader-corpus.test.ts",
  "apps/server/test/design-reader-dev-set.test.ts",
];

/**
 * Unit, engine and server files share a worker's module graph (isolate: false): spies, env and global stubs are undone after
 * every test, and scripts/check-structure.mjs refuses module mocks and fake timers left on (decision 083).
 */
const SHARED_MODULE_GRAPH = { isolate: false, restoreMocks: true, unstubEnvs: true, unstubGlobals: true } as const;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          sequence: { groupOrder: 0 },
          // Web sources import each other as "@/…" (apps/web/vite.config.ts has the same alias).
          alias: [{ find: /^@\//, replacement: fileURLToPath(new URL("./apps/web/src/", import.meta.url)) }],
          include: ["packages/*/src/**/*.test.ts", "apps/server/src/**/*.test.ts", "apps/web/src/**/*.test.{ts,tsx}"],
          environment: "node",
          // Isolating unit files spent ~25 s of the step's ~50 s importing the same modules again (decision 083,
          // 26 November addendum).
          ...SHARED_MODULE_GRAPH,
        },
      },
      {
        test: {
          // The email engine on real inputs (corpus, renderer, fidelity, CLI): no database, so it runs once, not once
          // per database like "server".
          name: "engine",
          sequence: { groupOrder: 1 },
          include: ENGINE_SUITES,
          environment: "node",
          testTimeout: 180_000,
          hookTimeout: 240_000,
          maxWorkers: 2,
          fileParallelism: true,
          // Shared module graph: ~11 % less CPU for the step (102 against 114 CPU-seconds, two runs each).
          ...SHARED_MODULE_GRAPH,
        },
      },
      {
        test: {
          name: "server",
          sequence: { groupOrder: 2 },
          include: ["apps/server/test/**/*.test.ts"],
          exclude: ENGINE_SUITES,
          environment: "node",
          // Limits against hangs, not speed checks: on a busy 2-core machine (load 20) a test that starts its own server
          // took > 30 s and failed although nothing was wrong (issue 12 item 7). Tests wait for conditions instead.
          testTimeout: 180_000,
          hookTimeout: 240_000,
          // Each file starts its own server and database; two at a time fit two cores.
          maxWorkers: 2,
          fileParallelism: true,
          // Files share a worker's module graph: every file imports the whole server, and isolating them cost ~3 s
          // of import per file (server suites 170 s → 76 s on PGlite, decision 083). Each file still gets its own
          // server and database from the harness.
          ...SHARED_MODULE_GRAPH,
        },
      },
    ],
  },
});
