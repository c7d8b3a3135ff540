import type { MemberDataDeclaration } from "../../core/member-data.js";
import { itemOrders, items, packageOrders, packages } from "../../db/schema/index.js";

/**
 * Orders are the accounting record (decision 105): on account deletion they are kept, detached from the person under
 * the closed account's reference, contact addresses blanked. Each order keeps a copy of its package's or item's
 * picture, so an item's new picture never takes an old order's away (decision 125); those copies are site files,
 * never the buyer's.
 */
const detach = (closedAccountRef: string) => ({
  userId: null,
  closedAccountRef,
  customerEmail: "",
  payerEmail: null,
  updatedAt: new Date(),
});

export const commerceMemberData: MemberDataDeclaration[] = [
  {
    owner: "commerce",
    table: packageOrders,
    userColumn: packageOrders.userId,
    files: { columns: [packageOrders.featuredImage], membersOwn: false },
    export: {
      readme: "orders.json          your package and item orders",
      orderBy: packageOrders.createdAt,
      write(rows, out) {
        out.json("orders.json", rows, "packageOrders");
      },
    },
    onClose: { kind: "detach", set: detach },
  },
  {
    owner: "commerce",
    table: itemOrders,
    userColumn: itemOrders.userId,
    files: { columns: [itemOrders.featuredImage, itemOrders.imageUrl], membersOwn: false },
    export: {
      readme: "",
      orderBy: itemOrders.createdAt,
      write(rows, out) {
        out.json("orders.json", rows, "itemOrders");
      },
    },
    onClose: { kind: "detach", set: detach },
  },
  {
    owner: "commerce",
    table: packages,
    userColumn: null,
    files: { columns: "row", membersOwn: false },
    export: { omitted: "the catalogue" },
    onClose: { kind: "nulled", why: "site data" },
  },
  {
    owner: "commerce",
    table: items,
    userColumn: null,
    files: { columns: "row", membersOwn: false },
    export: { omitted: "the catalogue" },
    onClose: { kind: "nulled", why: "site data" },
  },
];
