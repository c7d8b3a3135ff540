// npm run restore -- <backup.zip> [DATA_DIR]: unpacks a backup written by `npm run backup` into a new, empty data
// folder (default: DATA_DIR), checking every hash first (decision 112; docs/operations.md).
import path from "node:path";
import { restoreBackup } from "../src/db/backup.js";
import { loadEnv } from "../src/env.js";

const [file, target] = process.argv.slice(2);
if (!file) {
  console.error("Usage: npm run restore -- <backup.zip> [DATA_DIR]");
  process.exit(1);
}
const dataDir = path.resolve(target ?? loadEnv().dataDir);
try {
  const m = await restoreBackup(path.resolve(file), dataDir);
  console.log(
    `Restored the backup of ${m.createdAt} into ${dataDir}: ${m.migrations.count} migrations, ${m.files.length} files.\n` +
      `  Start the server with DATA_DIR=${dataDir}.`,
  );
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
