import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { EMAIL_CHECK_MESSAGES, ZEmailReportSchema } from "@mailsmith/shared";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { main } from "../src/email-engine/cli.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const fixture = "apps/server/test/fixtures/email-check/multi-column.html";
let dir: string;

/** Runs `npm run email:check -- …` the way a developer would (tsx from the repository root). */
function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      path.join(root, "node_modules/.bin/tsx"),
      ["apps/server/src/email-engine/cli.ts", ...args],
      { cwd: root, env: { ...process.env, INIT_CWD: root }, timeout: 120_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === "number" ? err.code : 99) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "email-check-cli-"));
  await writeFile(
    path.join(dir, "broken.html"),
    '<html><body><p style="color:#eeeeee;background:#ffffff">Pale words</p><a href="http://example.com">click here</a></body></html>',
  );
  await writeFile(path.join(dir, "words.html"), "Just words, no markup.");
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("npm run email:check", () => {
  it("prints the report of a well-made MJML email, rendered, and exits 0", async () => {
    const { code, stdout } = await cli([fixture]);
    expect(stdout).toContain("Result: PASSED");
    expect(stdout).toMatch(/✔ PASS {2}Fits a phone screen \(375 px\)/);
    expect(stdout).toMatch(/Rendered: 600 px wide, \d+ px tall; 0 px sideways overflow/);
    expect(code).toBe(0);
  }, 120_000);

  it("exits 1 and lists the failing check first for a broken email; --json prints the report", async () => {
    const human = await cli([path.join(dir, "broken.html"), "--no-render"]);
    expect(human.code).toBe(1);
    expect(human.stdout).toContain("Result: NOT PASSED");
    const firstCheck = human.stdout.split("\n").find((l) => /^ {2}(✔|!|✘) /.test(l));
    expect(firstCheck).toMatch(/✘ FAIL {2}Text contrast/);
    expect(human.stdout).toContain("Not rendered (--no-render).");

    const json = await cli([path.join(dir, "broken.html"), "--no-render", "--json"]);
    expect(json.code).toBe(1);
    const parsed = JSON.parse(json.stdout) as { report: unknown; text: string };
    const report = ZEmailReportSchema.parse(parsed.report);
    expect(report.passed).toBe(false);
    expect(report.checks.find((c) => c.id === "links.https")?.items).toContain("http://example.com");
    expect(parsed.text).toContain("Pale words");
  }, 120_000);

  it("writes the processed HTML with --out, and exits 2 with a message for what it cannot check", async () => {
    // In-process (the same main() the script runs): starting tsx again for each case is slow on a busy machine.
    const errors: string[] = [];
    const spyErr = vi.spyOn(console, "error").mockImplementation((m: unknown) => void errors.push(String(m)));
    const spyLog = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const out = path.join(dir, "processed.html");
      expect(await main([path.join(root, fixture), "--no-render", "--out", out])).toBe(0);
      expect(await readFile(out, "utf8")).toContain("@media");
      expect(await main([path.join(dir, "words.html")])).toBe(2);
      expect(errors.at(-1)).toContain(EMAIL_CHECK_MESSAGES.notHtml);
      expect(await main([path.join(dir, "nope.html")])).toBe(2);
      expect(errors.at(-1)).toContain("No such file");
      expect(await main([])).toBe(2);
      expect(errors.at(-1)).toContain("Usage: npm run email:check");
    } finally {
      spyErr.mockRestore();
      spyLog.mockRestore();
    }
  });

  it("--fix applies the accessibility fixes, lists them and writes the fixed HTML with --out (decision 108)", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((m: unknown) => void lines.push(String(m)));
    const input = path.join(dir, "low-contrast.html");
    await writeFile(
      input,
      '<!doctype html><html><head><meta charset="utf-8"></head><body><table><tr><td><p style="font-size:16px;color:#b0b0b0">Welcome to our store. We are glad to show you the new spring collection today.</p></td></tr></table></body></html>',
    );
    const out = path.join(dir, "fixed.html");
    await main([input, "--no-render", "--fix", "--out", out]);
    const fixed = await readFile(out, "utf8");
    expect(fixed).toMatch(/<html[^>]* lang="en"/);
    expect(fixed).not.toContain("color:#b0b0b0");
    expect(lines.join("\n")).toMatch(
      /Accessibility fixes:[\s\S]*#b0b0b0 on #ffffff \(2\.17:1\) → #[0-9a-f]{6} on #ffffff/,
    );
  });

  it("reads its settings through env.ts: a relative path from npm's INIT_CWD, a wrong setting refused with its name", async () => {
    const errors: string[] = [];
    vi.spyOn(console, "error").mockImplementation((m: unknown) => void errors.push(String(m)));
    vi.spyOn(console, "log").mockImplementation(() => {});
    vi.stubEnv("INIT_CWD", dir);
    expect(await main(["broken.html", "--no-render"])).toBe(1);
    vi.stubEnv("RENDERER_TIMEOUT_MS", "soon");
    expect(await main(["broken.html", "--no-render"])).toBe(2);
    expect(errors.at(-1)).toContain("RENDERER_TIMEOUT_MS");
  });
});
