import { defineConfig, type PlaywrightTestProject } from "@playwright/test";
import { E2E_LANES, lanePort } from "./fixtures/constants";

/**
 * Specs of the second lane, chosen so both lanes take about as long (Playwright JSON durations, decision 083); every
 * other spec, new ones included, runs in the first lane. With E2E_SERVERS=1 everything runs in one lane.
 */
const SECOND_LANE = [
  "generator-jobs.spec.ts",
  "ux-routes.spec.ts",
  "auth.spec.ts",
  "commerce.spec.ts",
  "security-headers.spec.ts",
  "ux-admin.spec.ts",
  "admin-users.spec.ts",
];

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

function lane(index: number): PlaywrightTestProject {
  const mine = (files: string[]) => files.map((f) => `**/specs/${f}`);
  return {
    name: `lane-${index + 1}`,
    // One browser per lane, specs in file order: a lane's specs share its server, never each other's moment.
    workers: 1,
    ...(E2E_LANES === 1 ? {} : index === 0 ? { testIgnore: mine(SECOND_LANE) } : { testMatch: mine(SECOND_LANE) }),
    use: { baseURL: `http://127.0.0.1:${lanePort(index)}` },
  };
}

export default defineConfig({
  testDir: "./specs",
  fullyParallel: false,
  // One worker per lane, each lane with its own server (global-setup): two browsers fit two cores, and a lane waiting
  // on a product delay leaves the CPU to the other.
  workers: E2E_LANES,
  // A retried pass would hide a flaky test.
  retries: 0,
  // Limits against hangs, not speed checks (as for the server suites): on a busy 2-core machine a long
  // flow took 66 s and failed at the old 60 s although nothing was wrong. Tests wait for conditions; a passing
  // assertion returns as soon as its condition holds, so these limits cost nothing when all is well.
  timeout: 300_000,
  expect: { timeout: 20_000 },
  reporter: [["list"]],
  globalSetup: "./global-setup.ts",
  outputDir: `../test-results/e2e-${lanePort(0)}`,
  use: {
    // A failed test keeps its trace (actions, DOM snapshots, network); the trace's screencast is off: encoding frames
    // for every test, passed or not, cost ~15 % of the suite's CPU (measured 26 November), and the
    // failure screenshot below still shows the final state. E2E_TRACE=off (set by .ci/run, whose trace files nobody
    // can open: only its log is kept) records none: another 12–17 % of the suite's CPU (measured 26 November).
    trace: { mode: process.env.E2E_TRACE === "off" ? "off" : "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    launchOptions,
  },
  projects: Array.from({ length: E2E_LANES }, (_, i) => lane(i)),
});
