import path from "node:path";
import type { Env } from "../../env.js";
import { createLocalStorage } from "./local-storage.js";
import type { StorageAdapter } from "./storage.js";

/** Local disk under DATA_DIR/uploads by default. */
export function createStorage(env: Env): StorageAdapter {
  return createLocalStorage({ root: path.join(env.dataDir, "uploads") });
}
