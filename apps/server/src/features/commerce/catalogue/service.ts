import { createHash } from "node:crypto";
import {
  DEFAULT_VALIDITY_DAYS,
  MAX_PACKAGES,
  PACKAGE_MESSAGES,
  type TPackage,
  type TPackageInputParsed,
} from "@mailsmith/shared";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../../context.js";
import { packages } from "../../../db/schema/index.js";
import { AppError, notFound } from "../../../lib/app-error.js";
import { findPackage, listActivePackages, pointsOf, toPackageDto } from "./repo.js";

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

/** The list on sale, serialised once with its ETag (the public route sends the text as is). */
export async function packagesAnswer(ctx: AppContext): Promise<{ data: TPackage[]; body: string; etag: string }> {
  const generation = generationOf(ctx);
  const hit = caches.get(ctx);
  if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit;
  const data = (await listActivePackages(ctx.db)).map(toPackageDto);
  const body = JSON.stringify(data);
  const answer = { at: Date.now(), data, body, etag: `"${createHash("sha1").update(body).digest("base64url")}"` };
  // A list read before a write is served once but never kept.
  if (generationOf(ctx) === generation) caches.set(ctx, answer);
  return answer;
}

export async function listPackages(ctx: AppContext): Promise<TPackage[]> {
  return (await packagesAnswer(ctx)).data;
}

export function invalidatePackages(ctx: AppContext) {
  generationOf(ctx);
  ctx.bus.publish(PACKAGES_TOPIC, "list");
}

export async function getPackage(ctx: AppContext, id: string): Promise<TPackage> {
  const row = await findPackage(ctx.db, id);
  if (!row) throw notFound(PACKAGE_MESSAGES.notFound, "PACKAGE_NOT_FOUND");
  return toPackageDto(row);
}

function values(input: TPackageInputParsed) {
  return {
    packageName: input.packageName,
    price: input.price,
    credit: input.credit,
    validity: input.validity ?? DEFAULT_VALIDITY_DAYS,
    sellerEmail: input.sellerEmail ?? "",
    points: pointsOf(input),
  };
}

/** At most MAX_PACKAGES active packages, checked inside the insert so two admins cannot race past it. */
export async function addPackage(ctx: AppContext, input: TPackageInputParsed): Promise<TPackage> {
  const row = await ctx.db.transaction(async (tx) => {
    // Serialise concurrent adds: one advisory lock for the packages table.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('packages:add'))`);
    const active = await tx.select({ id: packages.id }).from(packages).where(isNull(packages.retiredAt));
    if (active.length >= MAX_PACKAGES) throw new AppError("MAX_PACKAGES", PACKAGE_MESSAGES.maxReached, 409);
    const [inserted] = await tx.insert(packages).values(values(input)).returning();
    return inserted!;
  });
  invalidatePackages(ctx);
  return toPackageDto(row);
}

export async function editPackage(ctx: AppContext, id: string, input: TPackageInputParsed): Promise<TPackage> {
  const [row] = await ctx.db
    .update(packages)
    .set({ ...values(input), updatedAt: new Date() })
    .where(and(eq(packages.id, id), isNull(packages.retiredAt)))
    .returning();
  if (!row) throw notFound(PACKAGE_MESSAGES.notFound, "PACKAGE_NOT_FOUND");
  invalidatePackages(ctx);
  return toPackageDto(row);
}

/** Retiring hides a package from sale; orders keep their own copy of name, price and credits. */
export async function retirePackage(ctx: AppContext, id: string): Promise<TPackage> {
  const [row] = await ctx.db
    .update(packages)
    .set({ retiredAt: new Date(), updatedAt: new Date() })
    .where(and(eq(packages.id, id), isNull(packages.retiredAt)))
    .returning();
  if (!row) throw notFound(PACKAGE_MESSAGES.notFound, "PACKAGE_NOT_FOUND");
  invalidatePackages(ctx);
  return toPackageDto(row);
}
