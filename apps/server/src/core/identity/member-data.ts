import { account, creditLedger, session, storedObjects, user } from "../../db/schema/index.js";
import type { MemberDataDeclaration } from "../member-data.js";
import { toUserDto, type UserRow } from "./users.js";

/** The kernel's own member data (decision 125): the user row, sign-in, the credit ledger, stored objects. */
export const identityMemberData: MemberDataDeclaration[] = [
  {
    owner: "core/identity",
    table: user,
    userColumn: user.id,
    files: { columns: [user.image], membersOwn: true },
    export: {
      readme:
        "profile.json         your profile and how you sign in (never your password)\nphoto/               your profile photo, if you uploaded one",
      write(rows, out) {
        for (const row of rows as UserRow[]) {
          out.json(
            "profile.json",
            { ...toUserDto(row), signupIp: row.signupIp ?? null, updatedAt: row.updatedAt.toISOString() },
            "profile",
          );
          if (row.image) out.files("photo", row.image);
        }
      },
    },
    // close-account.ts deletes the row itself, last, after every other declaration has acted.
    onClose: { kind: "delete" },
  },
  {
    owner: "core/identity",
    table: account,
    userColumn: account.userId,
    export: {
      readme: "",
      write(rows, out) {
        out.json(
          "profile.json",
          rows.map((a) => a.providerId),
          "signInMethods",
        );
      },
    },
    onClose: { kind: "cascade" },
  },
  {
    owner: "core/identity",
    table: session,
    userColumn: session.userId,
    export: { omitted: "sign-in sessions hold tokens; they end with the account" },
    onClose: { kind: "cascade" },
  },
  {
    owner: "core/ledger",
    table: creditLedger,
    userColumn: creditLedger.userId,
    export: {
      readme: "credit-ledger.json   every change of your credit balance",
      orderBy: creditLedger.createdAt,
      write(rows, out) {
        out.json("credit-ledger.json", rows);
      },
    },
    // close-account.ts copies the ledger into closed_accounts first: it explains the money of the kept orders.
    onClose: { kind: "cascade" },
  },
  {
    owner: "core/storage",
    table: storedObjects,
    userColumn: storedObjects.ownerId,
    export: { omitted: "the files themselves are exported with the rows that show them" },
    onClose: {
      kind: "nulled",
      why: "hidden at once by close-account.ts, deleted by the storage sweep once no row names them",
    },
  },
];
