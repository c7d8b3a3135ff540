import type { MemberDataDeclaration } from "../../core/member-data.js";
import { brandKits } from "../../db/schema/index.js";

type KitRow = typeof brandKits.$inferSelect;

/** A member's brand kits (decisions 113, 118): exported with every field and the logo they stored. */
export const brandKitMemberData: MemberDataDeclaration[] = [
  {
    owner: "brand-kits",
    table: brandKits,
    userColumn: brandKits.userId,
    files: { columns: [brandKits.logoUrl], membersOwn: true },
    export: {
      readme:
        "brand-kits/<id>/     one folder per brand kit: kit.json (name, logo address, palette, font, footer,\n                     tone words) and logo/ (the logo you uploaded, if any)",
      orderBy: brandKits.createdAt,
      write(rows, out) {
        for (const { userId: _owner, ...kit } of rows as KitRow[]) {
          out.json(`brand-kits/${kit.id}/kit.json`, kit);
          // A kit may name any https address: only a logo this member stored is copied in (the writer checks).
          if (kit.logoUrl) out.files(`brand-kits/${kit.id}/logo`, kit.logoUrl);
        }
      },
    },
    onClose: { kind: "cascade" },
  },
];
