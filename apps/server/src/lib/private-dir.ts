import { mkdirSync } from "node:fs";

/**
 * Creates a folder only its owner may enter (0700; the umask can only take bits away), with any parents missing.
 * DATA_DIR holds the database, the auth secret, members' files and the operations socket (decision 124). A folder that
 * exists already is left as its operator made it.
 */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}
