import type { SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

/**
 * The registry of member data (decision 125): every table that holds a member's rows or stored files is declared once,
 * by the part of the app that owns it (`features/<f>/member-data.ts`, `core/identity/member-data.ts`), and collected
 * by `composition/member-data.ts`. The three parts that must know every such table read the registry instead of
 * keeping a list of their own:
 * - the storage sweep (`features/uploads`): a stored file is kept while any declared column of any row names it;
 * - Download my data (`features/profile/export`): each declaration writes its rows into the zip; files are added
 *   only when they belong to the member and are not hidden;
 * - account deletion (`core/identity/close-account.ts`): each declaration says what becomes of its rows.
 * A test walks the Drizzle schema and fails when a column that references `user.id` has no declaration.
 */

/** What becomes of a member's rows when their account is deleted. */
export type OnAccountClosed =
  /** The foreign key deletes them with the user row (ON DELETE CASCADE). */
  | { kind: "cascade" }
  /** Deleted in the deletion's transaction (their foreign key would only set null). */
  | { kind: "delete" }
  /** Kept as a record, detached from the person: these columns set (the user column nulled by the caller's values). */
  | { kind: "detach"; set: (closedAccountRef: string) => Record<string, unknown> }
  /** The rows stay and the foreign key nulls the column: not the member's record (why says whose it is). */
  | { kind: "nulled"; why: string };

/** Where an export writes a member's rows (the builder checks every file before it is added). */
export interface ExportWriter {
  /** A JSON file; `key` puts the value under that name of a JSON object other declarations add to as well. */
  json(path: string, value: unknown, key?: string): void;
  text(path: string, body: string): void;
  /**
   * The stored files named anywhere in `value` (URLs, keys, HTML, JSON), into `folder`: only files that belong to the
   * member and are not hidden are added; others are left out.
   */
  files(folder: string, value: unknown): void;
}

/** What "Download my data" gives of these rows. */
export type MemberExport =
  | {
      /** The README line(s) describing what this declaration adds to the zip. */
      readme: string;
      /** Only these rows (e.g. not the templates deleted with undo). */
      where?: SQL;
      orderBy?: PgColumn;
      write(rows: Record<string, unknown>[], out: ExportWriter): void;
    }
  /** Not exported, and why (a secret, a copy, someone else's record). */
  | { omitted: string };

/** Stored files a table's rows name (as URLs or bare keys, in text or JSON columns). */
export interface StoredFileColumns {
  /** The columns that may name files; "row" reads the whole row (site content, where any text field may hold one). */
  columns: PgColumn[] | "row";
  /** Only these rows keep their files (e.g. a failed job's designs for the retry window); default every row. */
  keptWhile?: (now: Date) => SQL;
  /**
   * The files are the member's own (adopted by them when stored without an owner); false for copies of site files (an
   * order's copy of an item picture), which a member must never come to own.
   */
  membersOwn: boolean;
}

export interface MemberDataDeclaration {
  /** Who owns the table: `core/identity`, `commerce`, `generator` … (where a reader finds its declaration). */
  owner: string;
  table: PgTable;
  /** The column naming the member (references user.id); null for site data that only holds stored files. */
  userColumn: PgColumn | null;
  files?: StoredFileColumns;
  export: MemberExport;
  onClose: OnAccountClosed;
}

/**
 * The declarations of one app (`ctx.memberData`): filled by `composition/member-data.ts` when the app is composed,
 * read by the sweep, the export and account deletion. Read before it is filled, it throws: a sweep that knew of no
 * reference would delete every stored file.
 */
export class MemberDataRegistry {
  #declarations: MemberDataDeclaration[] = [];

  declare(...declarations: MemberDataDeclaration[]): void {
    this.#declarations.push(...declarations);
  }

  all(): readonly MemberDataDeclaration[] {
    if (this.#declarations.length === 0) throw new Error("member data registry read before the app declared it");
    return this.#declarations;
  }

  /** The declarations that name a member (not site data). */
  members(): readonly (MemberDataDeclaration & { userColumn: PgColumn })[] {
    return this.all().filter((d): d is MemberDataDeclaration & { userColumn: PgColumn } => d.userColumn !== null);
  }
}
