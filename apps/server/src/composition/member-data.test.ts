import { getTableName, is } from "drizzle-orm";
import { getTableConfig, type PgColumn, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "../db/schema/index.js";
import { memberDataDeclarations } from "./member-data.js";

/**
 * The registry of member data is complete (decision 125): every column of the Drizzle schema that references user.id
 * is declared by its owner, so the storage sweep, Download my data and account deletion cannot forget a table; and
 * what a declaration says of a deleted account matches the foreign key the database enforces.
 */
const tables: PgTable[] = Object.values(schema as Record<string, unknown>).filter((v): v is PgTable => is(v, PgTable));

/** Every (table, column, ON DELETE) whose foreign key points at user.id. */
function userReferences() {
  return tables.flatMap((table) =>
    getTableConfig(table).foreignKeys.flatMap((fk) => {
      const ref = fk.reference();
      if (ref.foreignTable !== schema.user || ref.foreignColumns[0] !== schema.user.id) return [];
      return ref.columns.map((column) => ({ table, column: column as PgColumn, onDelete: fk.onDelete }));
    }),
  );
}

const label = (table: PgTable, column: PgColumn) => `${getTableName(table)}.${column.name}`;

/** The user references no declaration names. */
const undeclared = (declared: ReturnType<typeof memberDataDeclarations>) =>
  userReferences()
    .filter((r) => !declared.some((d) => d.table === r.table && d.userColumn === r.column))
    .map((r) => label(r.table, r.column));

describe("the registry of member data", () => {
  const declared = memberDataDeclarations();

  it("declares every column that references user.id (a new table with member data fails here until declared)", () => {
    expect(userReferences().length).toBeGreaterThan(8);
    expect(undeclared(declared)).toEqual([]);
  });

  it("declares only real references, each once, with the deletion the foreign key allows", () => {
    const refs = userReferences();
    const seen = new Set<string>();
    for (const d of declared) {
      if (!d.userColumn) continue;
      const name = label(d.table, d.userColumn);
      expect(seen.has(name), `${name} declared twice`).toBe(false);
      seen.add(name);
      if (d.table === schema.user) continue;
      const ref = refs.find((r) => r.table === d.table && r.column === d.userColumn);
      expect(ref, `${name} does not reference user.id`).toBeDefined();
      // cascade: the database deletes them; anything else: the key must let the user row go (set null).
      if (d.onClose.kind === "cascade") expect(ref?.onDelete, name).toBe("cascade");
      else expect(ref?.onDelete, name).toBe("set null");
    }
  });

  it("names a table whose declaration is missing", () => {
    const withoutTickets = declared.filter((d) => d.table !== schema.supportTickets);
    expect(undeclared(withoutTickets)).toEqual(["support_tickets.user_id"]);
  });
});
