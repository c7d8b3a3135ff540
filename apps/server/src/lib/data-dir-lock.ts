import lockfile from "proper-lockfile";
import { makePrivateDir } from "./private-dir.js";

/**
 * PGlite takes no lock of its own and two processes on one folder silently diverge,
 * so the server holds this lock for as long as it runs.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  makePrivateDir(dataDir);
  try {
    return await lockfile.lock(dataDir, { lockfilePath: `${dataDir}/.mailsmith.lock`, stale: 15_000, update: 5_000 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ELOCKED") {
      throw new Error(
        `Another Mailsmith server is already using the data folder ${dataDir}. Stop it first, or start this one with another DATA_DIR.`,
      );
    }
    throw err;
  }
}
