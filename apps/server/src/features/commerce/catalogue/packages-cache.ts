import { createHash } from "node:crypto";
import type { TPackage } from "@mailsmith/shared";
import type { AppContext } from "../../../context.js";
import type { StillCurrent } from "../../../lib/replayable.js";
import { toPackageDto } from "./dto.js";
import { listActivePackages } from "./repo.js";

/**
 * GET /api/packages is served to every visitor: the active list is kept in memory per app and dropped on every
 * admin write, on every instance through the invalidation bus (decision 062); the TTL is a backstop only.
 */
const CACHE_TTL_MS = 5 * 60_000;
const PACKAGES_TOPIC = "packages";
const caches = new WeakMap<AppContext, { at: number; data: TPackage[]; body: string; etag: string }>();
const generations = new WeakMap<AppContext, number>();

function generationOf(ctx: AppContext): number {
  let g = generations.get(ctx);
  if (g === undefined) {
    g = 0;
    generations.set(ctx, g);
    ctx.bus.subscribe(PACKAGES_TOPIC, () => {
      generations.set(ctx, (generations.get(ctx) ?? 0) + 1);
      caches.delete(ctx);
    });
  }
  return g;
}

type PackagesAnswer = { data: TPackage[]; body: string; etag: string };

/**
 * The list on sale, serialised once with its ETag (the public route sends the text as is): at once when cached (no
 * promise on the common path), else a promise of it.
 */
export function packagesAnswer(ctx: AppContext): PackagesAnswer | Promise<PackagesAnswer> {
  const hit = caches.get(ctx);
  if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit;
  return loadPackages(ctx);
}

async function loadPackages(ctx: AppContext): Promise<PackagesAnswer> {
  const generation = generationOf(ctx);
  const data = (await listActivePackages(ctx.db)).map(toPackageDto);
  const body = JSON.stringify(data);
  const answer = { at: Date.now(), data, body, etag: `"${createHash("sha1").update(body).digest("base64url")}"` };
  // A list read before a write is served once but never kept.
  if (generationOf(ctx) === generation) caches.set(ctx, answer);
  return answer;
}

/** For a replayed answer: true while this list is the one kept and has not expired. */
export function packagesStillCurrent(ctx: AppContext, answer: PackagesAnswer): StillCurrent {
  return () => {
    const kept = caches.get(ctx);
    return kept === answer && Date.now() - kept.at < CACHE_TTL_MS;
  };
}

/** Drops the list on every instance (after any package write). */
export function invalidatePackages(ctx: AppContext) {
  generationOf(ctx);
  ctx.bus.publish(PACKAGES_TOPIC, "list");
}
