import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { CONTENT_TYPES, STORAGE_KEY_RE, type StorageAdapter } from "./storage.js";

/**
 * Files on the local disk under <DATA_DIR>/uploads, served back by the server at /uploads/<key>
 * (see features/uploads/routes.ts). The default when no bucket is configured.
 */
export function createLocalStorage(opts: { root: string; publicBase?: string }): StorageAdapter {
  const base = (opts.publicBase ?? "/uploads").replace(/\/$/, "");
  const fileOf = (key: string) => {
    if (!STORAGE_KEY_RE.test(key)) throw new Error(`invalid storage key ${key}`);
    return path.join(opts.root, key);
  };
  return {
    kind: "local",
    async put({ key, body }) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body, { flag: "wx" });
      return { key, url: `${base}/${key}` };
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async read(key) {
      if (!STORAGE_KEY_RE.test(key)) return null;
      try {
        const body = await readFile(fileOf(key));
        const ext = key.slice(key.lastIndexOf(".") + 1);
        return { body, contentType: CONTENT_TYPES[ext] ?? "application/octet-stream" };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
  };
}
