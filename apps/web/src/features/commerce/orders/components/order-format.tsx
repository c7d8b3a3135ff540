import { Badge, statusColor } from "@/components/ui/badge";

/** "Nov 22, 2026" from an ISO date or a dd/mm/yyyy date. */
export function shortDate(value: string | null | undefined): string {
  if (!value) return "";
  const dmy = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  const d = dmy ? new Date(Number(dmy[3]), Number(dmy[2]) - 1, Number(dmy[1])) : new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return d.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
}

export function StatusBadge({ status, upper = false }: { status: string; upper?: boolean }) {
  return <Badge color={statusColor(status)}>{upper ? status.toUpperCase() : status}</Badge>;
}

export const ITEM_PLACEHOLDER = "/demo/items/placeholder.svg";
