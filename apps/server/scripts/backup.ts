// npm run backup [-- <file.zip>]: asks the Mailsmith server running on DATA_DIR (embedded database) to write a
// consistent backup of its database, stored files and auth secret (decision 112; docs/operations.md).
import path from "node:path";
import { requestBackup } from "../src/db/backup.js";
import { loadEnv } from "../src/env.js";

const env = loadEnv();
if (env.DATABASE_URL) {
  console.error("DATABASE_URL is set: back up PostgreSQL with pg_dump (docs/operations.md, Backup and restore).");
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const out = path.resolve(process.argv[2] ?? `backups/mailsmith-${stamp}.zip`);
try {
  const m = await requestBackup(env.dataDir, out);
  const bytes = m.files.reduce((n, f) => n + f.bytes, m.database.bytes);
  console.log(
    `Backup written: ${out}\n  taken ${m.createdAt}, ${m.migrations.count} migrations (${m.migrations.last}), ` +
      `database ${m.database.bytes} bytes, ${m.files.length} files, ${bytes} bytes in all.\n` +
      "  It holds the auth secret and members' data: keep it where only operators can read it.",
  );
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
