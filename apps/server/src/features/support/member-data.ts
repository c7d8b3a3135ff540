import type { MemberDataDeclaration } from "../../core/member-data.js";
import { supportTickets } from "../../db/schema/index.js";

/** A member's support tickets (decision 105): exported; deleted with the account. */
export const supportMemberData: MemberDataDeclaration[] = [
  {
    owner: "support",
    table: supportTickets,
    userColumn: supportTickets.userId,
    // The ticket keeps the address of the member's photo at the time (ticketUserProfileURL).
    files: {
      columns: [supportTickets.ticketUserProfileURL, supportTickets.message, supportTickets.adminMessage],
      membersOwn: true,
    },
    export: {
      readme: "support-tickets.json your support tickets and their replies",
      orderBy: supportTickets.createdAt,
      write(rows, out) {
        out.json("support-tickets.json", rows);
      },
    },
    onClose: { kind: "delete" },
  },
];
