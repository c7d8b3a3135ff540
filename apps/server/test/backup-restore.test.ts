import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { onFreePort, TestClient } from "./harness.js";

/**
 * Issue 39 item 6 (decision 112): `npm run backup` of a running embedded instance while members write, `npm run
 * restore` into a new folder, a server started on it: every write acknowledged before the backup was asked for is
 * there, and no row names a file the backup lacks. Real processes (the scripts and main.ts), PGlite only: PostgreSQL
 * and S3 are backed up with their own tools (docs/operations.md).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const ADMIN = { email: "admin@backup.test", password: "backup-admin-password-1" };
const START_TIMEOUT_MS = 240_000;
const scratch = mkdtempSync(path.join(tmpdir(), "mailsmith-backup-test-"));
const children: ChildProcess[] = [];

/** This process's environment without what would point a server at PostgreSQL, Redis or a bucket. */
function embeddedEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of ["DATABASE_URL", "REDIS_URL", "S3_BUCKET", "TEST_DATABASE_URL"]) delete env[k];
  return env;
}

function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", ...args], {
      cwd: root,
      env: { ...embeddedEnv(), ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (c) => {
      out += c;
    });
    child.stderr.on("data", (c) => {
      out += c;
    });
    child.on("exit", (code) => resolve({ code, out }));
  });
}

async function startServer(dataDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  return onFreePort(async (port) => {
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "apps/server/src/main.ts")], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...embeddedEnv(),
        // Not production: that requires BETTER_AUTH_SECRET, and the secret generated into DATA_DIR is backed up too.
        NODE_ENV: "development",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        BETTER_AUTH_URL: url,
        MAIL_FROM: "Mailsmith <no-reply@mailsmith.dev>",
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SEED_DEMO: "false",
        LOG_LEVEL: "warn",
        RENDERER: "off",
        SIGNUP_LIMIT_PER_HOUR: "100000",
      },
    });
    children.push(child);
    let log = "";
    child.stdout?.on("data", (c) => {
      log += c;
    });
    child.stderr?.on("data", (c) => {
      log += c;
    });
    const exited = new Promise<void>((r) => child.once("exit", () => r()));
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (child.exitCode !== null) {
        // Another suite's server took the port between freePort and this child's listen: onFreePort tries another.
        const err: NodeJS.ErrnoException = new Error(`server exited with ${child.exitCode}: ${log}`);
        if (log.includes("EADDRINUSE")) err.code = "EADDRINUSE";
        throw err;
      }
      try {
        // Ready when this child answers: its administrator signs in. A server of another suite that took the port
        // answers the health check too (the sign-in then failed with 401, this child having exited on EADDRINUSE).
        if (
          (await fetch(`${url}/api/health`)).ok &&
          (await new TestClient(url).post("/api/auth/sign-in/email", ADMIN)).status === 200
        )
          break;
      } catch {}
      if (Date.now() > deadline) throw new Error(`server did not come up: ${log}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    return {
      url,
      stop: async () => {
        if (child.exitCode === null) child.kill("SIGTERM");
        await exited;
      },
    };
  });
}

async function signIn(url: string): Promise<TestClient> {
  const c = new TestClient(url);
  const res = await c.post("/api/auth/sign-in/email", ADMIN);
  if (res.status !== 200) throw new Error(`admin sign-in failed: ${res.status}`);
  return c;
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  rmSync(scratch, { recursive: true, force: true });
});

describe("backup and restore of a running embedded instance", () => {
  it("keeps every write acknowledged before the backup, and every file its rows name", async () => {
    const dataA = path.join(scratch, "a");
    const dataB = path.join(scratch, "b");
    const backupFile = path.join(scratch, "backup.zip");
    const a = await startServer(dataA);
    const admin = await signIn(a.url);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#3366aa" } })
      .png()
      .toBuffer();

    // Writes acknowledged, with whether the backup had been asked for when the answer came.
    let asked = false;
    const members: { email: string; before: boolean }[] = [];
    const tickets: { subject: string; before: boolean }[] = [];
    const photos: { key: string; before: boolean }[] = [];
    let stopWriting = false;
    let rounds = 0;
    const writer = (async () => {
      while (!stopWriting) {
        rounds += 1;
        const email = `writer${rounds}@backup.test`;
        const signUp = await new TestClient(a.url).post("/api/auth/sign-up/email", {
          email,
          password: "writer-password-1",
          name: `Writer ${rounds}`,
        });
        if (signUp.status === 200) members.push({ email, before: !asked });
        const subject = `Ticket ${rounds}`;
        const ticket = await admin.post("/api/new-support-message", { subject, message: "During the backup" });
        if (ticket.status === 201) tickets.push({ subject, before: !asked });
        const fd = new FormData();
        fd.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "p.png");
        const upload = await admin.post("/api/image-server/upload", fd);
        if (upload.status === 201) {
          photos.push({ key: String(upload.body.file.url).replace(/^.*\/uploads\//, ""), before: !asked });
        }
      }
    })();
    // Writes on both sides of the backup: it is asked for once some are acknowledged, and writing goes on meanwhile.
    while (members.length < 3 || photos.length < 3) await new Promise((r) => setTimeout(r, 20));
    asked = true;
    const askedAt = Date.now();
    const backup = await run(["apps/server/scripts/backup.ts", backupFile], { DATA_DIR: dataA });
    const backupMs = Date.now() - askedAt;
    const roundsDuringBackup = rounds;
    stopWriting = true;
    await writer;
    expect(backup.code, backup.out).toBe(0);
    await a.stop();
    const before = { members: members.filter((m) => m.before), photos: photos.filter((p) => p.before) };
    expect(before.members.length).toBeGreaterThanOrEqual(3);
    console.log(
      `backup: ${members.length} sign-ups, ${tickets.length} tickets, ${photos.length} photos acknowledged ` +
        `(${before.members.length}/${tickets.filter((t) => t.before).length}/${before.photos.length} before the ` +
        `backup was asked for; writing went on through round ${roundsDuringBackup}); npm run backup took ${backupMs} ms: ` +
        backup.out.split("\n")[1]?.trim(),
    );

    // A restore refuses a folder in use, then fills a new one.
    const refused = await run(["apps/server/scripts/restore.ts", backupFile, dataA], {});
    expect(refused.code).not.toBe(0);
    expect(refused.out).toContain("is not empty");
    const restored = await run(["apps/server/scripts/restore.ts", backupFile, dataB], {});
    expect(restored.code, restored.out).toBe(0);

    // The restored instance starts, signs the admin in (same auth secret) and serves the photos.
    const b = await startServer(dataB);
    const adminB = await signIn(b.url);
    for (const p of before.photos) {
      const res = await fetch(`${b.url}/uploads/${p.key}`);
      expect(res.status, p.key).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(path.join(dataA, "uploads", p.key)))).toBe(true);
    }
    const mine = await adminB.get("/api/me");
    expect(mine.status).toBe(200);
    await b.stop();

    // Every acknowledged row is there, and every stored object the rows name has its file.
    const db = await PGlite.create(path.join(dataB, "pgdata"));
    try {
      const emails = new Set(
        (await db.query<{ email: string }>(`select email from "user"`)).rows.map((r) => r.email.toLowerCase()),
      );
      for (const m of before.members) expect(emails.has(m.email), m.email).toBe(true);
      const subjects = new Set(
        (await db.query<{ subject: string }>("select subject from support_tickets")).rows.map((r) => r.subject),
      );
      for (const t of tickets.filter((x) => x.before)) expect(subjects.has(t.subject), t.subject).toBe(true);
      const keys = (await db.query<{ key: string }>("select key from stored_objects")).rows.map((r) => r.key);
      for (const p of before.photos) expect(keys).toContain(p.key);
      // (A stored_objects row is written just before its bytes: an upload still being written when the database was
      // copied may have its row and not its file; it was not acknowledged then, and the sweep drops such a row.)
      for (const p of before.photos) expect(existsSync(path.join(dataB, "uploads", p.key)), p.key).toBe(true);
    } finally {
      await db.close();
    }

    // A damaged backup is refused before anything is written.
    const damaged = readFileSync(backupFile);
    const at = Math.floor(damaged.length / 3);
    damaged[at] = (damaged[at] ?? 0) ^ 0xff;
    const damagedFile = path.join(scratch, "damaged.zip");
    writeFileSync(damagedFile, damaged);
    const refusedDamaged = await run(["apps/server/scripts/restore.ts", damagedFile, path.join(scratch, "c")], {});
    expect(refusedDamaged.code).not.toBe(0);
    expect(existsSync(path.join(scratch, "c", "pgdata"))).toBe(false);
  }, 600_000);
});
