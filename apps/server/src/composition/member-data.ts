import { identityMemberData } from "../core/identity/member-data.js";
import type { MemberDataDeclaration } from "../core/member-data.js";
import { brandKitMemberData } from "../features/brand-kits/member-data.js";
import { commerceMemberData } from "../features/commerce/member-data.js";
import { contentMemberData } from "../features/content/member-data.js";
import { generatorMemberData } from "../features/generator/member-data.js";
import { messagingMemberData } from "../features/messaging/member-data.js";
import { outboxMemberData } from "../features/outbox/member-data.js";
import { profileMemberData } from "../features/profile/member-data.js";
import { supportMemberData } from "../features/support/member-data.js";

/**
 * Every table that holds a member's rows or stored files (decision 125), each declared by its owner. The storage
 * sweep, Download my data and account deletion read this through `ctx.memberData`; `member-data.test.ts` fails when a
 * column referencing user.id is declared nowhere. A new table with member data: declare it in its feature's
 * `member-data.ts` and add the list here.
 */
export function memberDataDeclarations(): MemberDataDeclaration[] {
  return [
    ...identityMemberData,
    ...commerceMemberData,
    ...generatorMemberData,
    ...brandKitMemberData,
    ...supportMemberData,
    ...messagingMemberData,
    ...profileMemberData,
    ...contentMemberData,
    ...outboxMemberData,
  ];
}
