import type { TSupportTicket } from "@mailsmith/shared";
import { Badge, type BadgeColor } from "@/components/ui/badge";
import { formatDate } from "@/lib/format-date";

const statusColors: Record<TSupportTicket["ticketStatus"], BadgeColor> = {
  open: "blue",
  "in-progress": "yellow",
  resolved: "green",
  closed: "grey",
};
const priorityColors: Record<TSupportTicket["priority"], BadgeColor> = { high: "red", medium: "amber", low: "grey" };

export function TicketStatusBadge({ status }: { status: TSupportTicket["ticketStatus"] }) {
  return <Badge color={statusColors[status] ?? "grey"}>{status}</Badge>;
}

export function TicketPriorityBadge({ priority }: { priority: TSupportTicket["priority"] }) {
  return <Badge color={priorityColors[priority] ?? "grey"}>{priority} priority</Badge>;
}

export function formatDateTime(iso: string) {
  return formatDate(iso, { time: true });
}
