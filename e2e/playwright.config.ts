import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 4310);

export default defineConfig({
  testDir: "./specs",
  fullyParallel: false,
  // One browser at a time: the machine has two cores and the server shares them.
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  globalSetup: "./global-setup.ts",
  outputDir: `../test-results/e2e-${port}`,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
});
