import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { opsSocketPath, requestBackup, serveBackupSocket } from "../src/db/backup.js";
import { resolveAuthSecret } from "../src/lib/auth-secret.js";
import { lockDataDir } from "../src/lib/data-dir-lock.js";
import { startTestServer } from "./harness.js";

/**
 * Decision 124 (issue 44 item 6): what the embedded server keeps on disk is its owner's only, whatever the umask the
 * service runs with: DATA_DIR is created 0700, the operations socket (which writes backups on request) is 0600, and a
 * backup file (every member's data and password hashes) is written 0600. Run with umask 0, the most open one.
 */
const scratch = mkdtempSync(path.join(tmpdir(), "mailsmith-private-files-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const mode = (file: string) => statSync(file).mode & 0o777;

/** Runs `fn` with umask 0 (files and folders as open as the mode asked for), then puts the umask back. */
async function withOpenUmask<T>(fn: () => Promise<T>): Promise<T> {
  const previous = process.umask(0);
  try {
    return await fn();
  } finally {
    process.umask(previous);
  }
}

describe("DATA_DIR, the operations socket and backups are private", () => {
  it("a DATA_DIR the server creates is 0700, whichever part of the start creates it", async () => {
    await withOpenUmask(async () => {
      const byLock = path.join(scratch, "by-lock", "data");
      const release = await lockDataDir(byLock);
      await release();
      expect(mode(byLock).toString(8)).toBe("700");
      const bySecret = path.join(scratch, "by-secret");
      resolveAuthSecret(undefined, bySecret);
      expect(mode(bySecret).toString(8)).toBe("700");
      expect(mode(path.join(bySecret, "auth-secret")).toString(8)).toBe("600");
    });
  });

  it("the operations socket is 0600 and the backup it writes is 0600", async () => {
    // The test server's database: an embedded one (PGlite) is backed up; with PostgreSQL (pg_dump) only the socket.
    const server = await startTestServer();
    try {
      await withOpenUmask(async () => {
        const dataDir = path.join(scratch, "running");
        const release = await lockDataDir(dataDir);
        const close = await serveBackupSocket({ database: server.ctx.database, dataDir });
        try {
          expect(mode(opsSocketPath(dataDir)).toString(8)).toBe("600");
          if (!server.ctx.database.snapshot) return;
          const out = path.join(scratch, "backups", "mailsmith.zip");
          await requestBackup(dataDir, out);
          expect(mode(out).toString(8)).toBe("600");
        } finally {
          await close();
          await release();
        }
      });
    } finally {
      await server.close();
    }
  });
});
