import { paths } from "@/config/paths";
import { Icon } from "./icons";
import { SidebarLayout, type SidebarLink } from "./sidebar-layout";

const links: SidebarLink[] = [
  { label: "Dashboard", to: paths.admin.dashboard, icon: <Icon name="dashboard" /> },
  { label: "Total Orders", to: paths.admin.orders, icon: <Icon name="orders" /> },
  { label: "Item Orders", to: paths.admin.itemsOrders, icon: <Icon name="orders" /> },
  { label: "Total Users", to: paths.admin.users, icon: <Icon name="users" /> },
  { label: "Support Messages", to: paths.admin.supportMessages, icon: <Icon name="support" /> },
  { label: "Packages", to: paths.admin.packages, icon: <Icon name="card" /> },
  { label: "Premium Items", to: paths.admin.items, icon: <Icon name="template" /> },
  { label: "Outbox", to: paths.admin.outbox, icon: <Icon name="mail" /> },
  { label: "Settings", to: paths.admin.settings, icon: <Icon name="settings" /> },
];

/** /admin area shell (spec: 80 px top margin from 1024 px); every admin page is in the menu (issue 13 item 9). */
export function AdminLayout() {
  return (
    <SidebarLayout links={links} startCollapsed={false} collapseBelow={1440} area="Admin" contentClassName="lg:mt-20" />
  );
}
