import type { MemberDataDeclaration } from "../../core/member-data.js";
import { dataExports } from "../../db/schema/index.js";

/** Download my data's own jobs and zips (decision 105): gone with the account. */
export const profileMemberData: MemberDataDeclaration[] = [
  {
    owner: "profile",
    table: dataExports,
    userColumn: dataExports.userId,
    export: { omitted: "the exports themselves" },
    onClose: { kind: "cascade" },
  },
];
