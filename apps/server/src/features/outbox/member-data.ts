import type { MemberDataDeclaration } from "../../core/member-data.js";
import { outbox } from "../../db/schema/index.js";

/** Mail kept in the outbox (no SMTP server) may show stored pictures: they stay while it is kept. */
export const outboxMemberData: MemberDataDeclaration[] = [
  {
    owner: "outbox",
    table: outbox,
    userColumn: null,
    files: { columns: "row", membersOwn: false },
    export: { omitted: "mail the site sent, kept for the administrators" },
    onClose: { kind: "nulled", why: "site data" },
  },
];
