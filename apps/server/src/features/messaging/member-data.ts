import type { MemberDataDeclaration } from "../../core/member-data.js";
import { emailTemplates, messageLog } from "../../db/schema/index.js";

/** The log of messages admins sent (deleted with the recipient's account) and the admins' email templates. */
export const messagingMemberData: MemberDataDeclaration[] = [
  {
    owner: "messaging",
    table: messageLog,
    userColumn: messageLog.userId,
    export: { omitted: "the admins' log of what they sent; the messages themselves reached the member's inbox" },
    onClose: { kind: "delete" },
  },
  {
    owner: "messaging",
    table: messageLog,
    userColumn: messageLog.sentBy,
    export: { omitted: "the admin who sent a message: the admins' record" },
    onClose: { kind: "nulled", why: "the admin who sent it; the message stays in its recipient's log" },
  },
  {
    owner: "messaging",
    table: emailTemplates,
    userColumn: null,
    files: { columns: "row", membersOwn: false },
    export: { omitted: "site data" },
    onClose: { kind: "nulled", why: "site data" },
  },
];
