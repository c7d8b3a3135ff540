import type { TBrandKitSnapshot } from "@mailsmith/shared";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.js";
import { brandKits } from "../../../db/schema/index.js";
import type { GenerationRow } from "../repo.js";

/**
 * What one generation is made from (decision 113): the one seam for the member's inputs. Built once per run from the
 * job row (which stores everything a run needs, so a job survives restarts and runs on any instance: decision 055)
 * and handed as a whole to the pipeline's stages, the prompt (first pass and repair pass) and the post-passes.
 * A new kind of input (personalisation tokens, …) is a new field here and on the job row — not a new parameter
 * threaded through every signature.
 */
export interface GenerationInputs {
  emailType: string;
  instructions: string;
  /** The design images, in upload order (the first one is the one scored). */
  designs: Buffer[];
  /** The template being refined (refinements and "Fix with AI"). */
  parent: GenerationRow | undefined;
  /** The brand kit as it was when the generation started (its snapshot on the job), or null. */
  brandKit: TBrandKitSnapshot | null;
}

/**
 * The caller's kit `id` as a generation stores it (its content, id and version), or undefined when the caller has no
 * such kit. Reads the brand_kits table directly: the generator never imports the brand-kits feature. A logo stored
 * on local storage by an older version may still be a local-storage path (`/uploads/…`): the prompt and the email need it absolute.
 */
export async function brandKitSnapshot(
  db: DbOrTx,
  userId: string,
  id: string,
  publicUrl: string,
): Promise<TBrandKitSnapshot | undefined> {
  const [row] = await db
    .select()
    .from(brandKits)
    .where(and(eq(brandKits.id, id), eq(brandKits.userId, userId)));
  if (!row) return undefined;
  const { name, palette, font, footer, tone, version } = row;
  const logoUrl = row.logoUrl?.startsWith("/") ? `${publicUrl.replace(/\/+$/, "")}${row.logoUrl}` : row.logoUrl;
  return { id: row.id, version, name, logoUrl, palette, font, footer, tone };
}
