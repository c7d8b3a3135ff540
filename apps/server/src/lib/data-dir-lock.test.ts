import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { lockDataDir } from "./data-dir-lock.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

it("refuses a second holder of the same data folder with a clear message, and frees it on release", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "lock-test-"));
  dirs.push(dir);
  const release = await lockDataDir(dir);
  await expect(lockDataDir(dir)).rejects.toThrow(/Another Mailsmith server is already using the data folder/);
  await release();
  const again = await lockDataDir(dir);
  await again();
});
