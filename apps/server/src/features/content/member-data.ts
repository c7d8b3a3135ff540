import type { MemberDataDeclaration } from "../../core/member-data.js";
import { contentFeatures, contentTestimonials, siteContent } from "../../db/schema/index.js";

/** The landing page's sections hold site pictures only (no member's data). */
export const contentMemberData: MemberDataDeclaration[] = [siteContent, contentFeatures, contentTestimonials].map(
  (table) => ({
    owner: "content",
    table,
    userColumn: null,
    files: { columns: "row", membersOwn: false },
    export: { omitted: "site data" },
    onClose: { kind: "nulled", why: "site data" },
  }),
);
