import type { ReactNode } from "react";

const colors = {
  red: "bg-red-100 text-red-700",
  amber: "bg-amber-100 text-amber-800",
  blue: "bg-blue-100 text-blue-700",
  teal: "bg-teal-100 text-teal-700",
  green: "bg-green-100 text-green-700",
  yellow: "bg-yellow-100 text-yellow-800",
  grey: "bg-slate-100 text-slate-700",
} as const;
export type BadgeColor = keyof typeof colors;

export function Badge({ color = "grey", children }: { color?: BadgeColor; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${colors[color]}`}>
      {children}
    </span>
  );
}

/** Spec colours: Admin red, moderator amber, member blue (other roles grey). */
export function roleColor(role: string | undefined): BadgeColor {
  if (role === "Admin") return "red";
  if (role === "moderator") return "amber";
  if (role === "member") return "blue";
  return "grey";
}

/** Spec colours: premium amber, basic teal, free grey. */
export function membershipColor(membership: string | undefined): BadgeColor {
  if (membership === "premium") return "amber";
  if (membership === "basic") return "teal";
  return "grey";
}

/**
 * Spec colours for order status: completed/paid green, processing/pending yellow, shipped blue, cancelled red, else
 * grey; a refund PayPal did not complete (money held that someone must return) red too.
 */
export function statusColor(status: string | undefined): BadgeColor {
  const s = (status ?? "").toLowerCase();
  if (s === "completed" || s === "paid") return "green";
  if (s === "processing" || s === "pending") return "yellow";
  if (s === "shipped") return "blue";
  if (s === "cancelled" || s === "expired" || s === "refund failed") return "red";
  return "grey";
}
