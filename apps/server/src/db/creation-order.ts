import { asc, desc } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/** A table with the usual creation time and primary key. */
interface Created {
  createdAt: AnyPgColumn;
  id: AnyPgColumn;
}

/**
 * Creation order with ties broken by id: rows written in one transaction share `now()`, and without the tie-break a
 * page could repeat or skip them and a list could reorder between reads.
 */
export function newestFirst(t: Created) {
  return [desc(t.createdAt), desc(t.id)];
}

export function oldestFirst(t: Created) {
  return [asc(t.createdAt), asc(t.id)];
}
