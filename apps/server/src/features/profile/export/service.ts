import { DATA_EXPORT_TTL_HOURS, MEMBER_DATA_MESSAGES, type TDataExport } from "@mailsmith/shared";
import type { AppContext } from "../../../context.js";
import { AppError, notFound } from "../../../lib/app-error.js";
import { buildExportZip } from "./build.js";
import { type ExportRow, exportRepo } from "./repo.js";

/** The export module's clock (tests move it to check that links expire). */
export const exportClock = { now: () => new Date() };

/** How long a worker may take over one export before another instance may take it over. */
const LEASE_MS = 5 * 60_000;
const TTL_MS = DATA_EXPORT_TTL_HOURS * 60 * 60_000;
/** The scheduler's job that builds exports; how often each instance looks for left or expired ones. */
export const EXPORT_JOB = "data-export";
export const EXPORT_POLL_MS = 15_000;

type Ctx = Pick<AppContext, "db" | "storage" | "log" | "scheduler" | "memberData">;

/** The name the link's HMAC is computed over (the storage signer's; the zip itself is in the database). */
const signedName = (id: string) => `exports/${id}.zip`;

/** The member's view of an export: the link only while it works. */
export function toExportDto(ctx: Pick<AppContext, "storage">, row: ExportRow, now = exportClock.now()): TDataExport {
  const expired = row.status === "ready" && (!row.expiresAt || row.expiresAt <= now);
  let url: string | null = null;
  if (row.status === "ready" && !expired && ctx.storage.urls) {
    const ttlSeconds = Math.floor((row.expiresAt!.getTime() - now.getTime()) / 1000);
    const signed = ctx.storage.urls.sign(signedName(row.id), { ttlSeconds, now: now.getTime() });
    url = `/api/me/export/${row.id}/download${signed.slice(signed.indexOf("?"))}`;
  }
  return {
    id: row.id,
    status: expired ? "expired" : row.status,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    bytes: row.bytes ?? null,
    url,
  };
}

/** The member's latest export (null: none yet). */
export async function latestExport(ctx: Pick<AppContext, "db" | "storage">, userId: string) {
  const row = await exportRepo.latest(ctx.db, userId);
  return row ? toExportDto(ctx, row) : null;
}

/** A zip finished this recently is answered again instead of building another (a burst of clicks builds one). */
const REBUILD_AFTER_MS = 60_000;

/**
 * Starts an export, or answers the one already queued or running (or finished within the last minute); a new one is
 * built at once by this instance's export worker.
 */
export async function startExport(ctx: Ctx, userId: string): Promise<ExportRow> {
  const latest = await exportRepo.latest(ctx.db, userId);
  if (latest && (latest.status === "queued" || latest.status === "running")) return latest;
  const fresh = latest?.status === "ready" && latest.finishedAt;
  if (fresh && exportClock.now().getTime() - fresh.getTime() < REBUILD_AFTER_MS) return latest;
  const row = await exportRepo.create(ctx.db, userId);
  void ctx.scheduler.kick(EXPORT_JOB);
  return row;
}

/**
 * The zip of an export for its owner while the signed link holds: 404 for anyone else (or an unknown id), 410 once
 * the link has expired, 403 for a link that was not signed by this server.
 */
export async function readExportZip(
  ctx: Pick<AppContext, "db" | "storage">,
  input: { userId: string; id: string; expires?: string; sig?: string },
) {
  const row = await exportRepo.byId(ctx.db, input.id);
  if (!row || row.userId !== input.userId || row.status !== "ready") {
    throw notFound(MEMBER_DATA_MESSAGES.exportNotFound, "EXPORT_NOT_FOUND");
  }
  const now = exportClock.now();
  const gone = () => new AppError("EXPORT_EXPIRED", MEMBER_DATA_MESSAGES.exportLinkExpired, 410);
  if (!row.expiresAt || row.expiresAt <= now) throw gone();
  if (!ctx.storage.urls || (ctx.storage.urls.check(signedName(row.id), input, now.getTime()) ?? 0) <= 0) {
    const expires = Number(input.expires);
    if (Number.isFinite(expires) && expires * 1000 <= now.getTime()) throw gone();
    throw new AppError("EXPORT_LINK_INVALID", MEMBER_DATA_MESSAGES.exportLinkInvalid, 403);
  }
  const body = await exportRepo.zip(ctx.db, row.id);
  if (!body) throw gone();
  return { body, createdAt: row.createdAt };
}

/** Runs one claimed export to the end (ready, or back to the queue after a failure). */
async function runOne(ctx: Ctx, claimed: ExportRow) {
  try {
    const zip = await buildExportZip(ctx, claimed.userId, exportClock.now());
    if (!zip) return;
    const finishedAt = exportClock.now();
    const expiresAt = new Date(finishedAt.getTime() + TTL_MS);
    await exportRepo.finish(ctx.db, claimed, Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength), {
      finishedAt,
      expiresAt,
    });
  } catch (err) {
    ctx.log.error({ err, exportId: claimed.id }, "data export failed");
    await exportRepo.fail(ctx.db, claimed, err instanceof Error ? err.message : String(err), exportClock.now());
  }
}

/**
 * One pass of the export worker (the scheduler's "data-export" job: every EXPORT_POLL_MS on each instance, and at once
 * when this instance starts an export): builds the queued exports, each claimed with a lease so one instance builds
 * it, takes over exports left by a stopped instance, and deletes the zips whose link has expired. Stops between two
 * exports when the app stops.
 */
export async function drainExports(ctx: Ctx, signal: AbortSignal): Promise<void> {
  for (;;) {
    if (signal.aborted) return;
    const claimed = await exportRepo.claim(ctx.db, exportClock.now(), LEASE_MS);
    if (!claimed) break;
    await runOne(ctx, claimed);
  }
  await exportRepo.failAbandoned(ctx.db, exportClock.now());
  await exportRepo.dropExpiredZips(ctx.db, exportClock.now());
}
