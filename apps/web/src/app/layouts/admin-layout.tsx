import { APP_UI_TEXTS, NAV_TEXTS } from "@mailsmith/shared";
import { Icon } from "@/components/ui/icon";
import * as navIcons from "@/components/ui/nav-icons";
import { paths } from "@/config/paths";
import { SidebarLayout, type SidebarLink } from "./sidebar-layout";

const links: SidebarLink[] = [
  { label: NAV_TEXTS.dashboard, to: paths.admin.dashboard, icon: <Icon glyph={navIcons.dashboard} /> },
  { label: NAV_TEXTS.totalOrders, to: paths.admin.orders, icon: <Icon glyph={navIcons.orders} /> },
  { label: NAV_TEXTS.itemOrders, to: paths.admin.itemsOrders, icon: <Icon glyph={navIcons.receipt} /> },
  { label: NAV_TEXTS.totalUsers, to: paths.admin.users, icon: <Icon glyph={navIcons.users} /> },
  { label: NAV_TEXTS.supportMessages, to: paths.admin.supportMessages, icon: <Icon glyph={navIcons.support} /> },
  { label: NAV_TEXTS.packages, to: paths.admin.packages, icon: <Icon glyph={navIcons.box} /> },
  { label: NAV_TEXTS.premiumItems, to: paths.admin.items, icon: <Icon glyph={navIcons.gem} /> },
  { label: NAV_TEXTS.outbox, to: paths.admin.outbox, icon: <Icon glyph={navIcons.tray} /> },
  { label: NAV_TEXTS.systemStatus, to: paths.admin.systemStatus, icon: <Icon glyph={navIcons.pulse} /> },
  { label: NAV_TEXTS.auditLog, to: paths.admin.auditLog, icon: <Icon glyph={navIcons.list} /> },
  { label: NAV_TEXTS.settings, to: paths.admin.settings, icon: <Icon glyph={navIcons.settings} /> },
];

/** /admin area shell (spec: 80 px top margin from 1024 px); every admin page is in the menu. */
export function AdminLayout() {
  return (
    <SidebarLayout
      links={links}
      startCollapsed={false}
      collapseBelow={1440}
      area={APP_UI_TEXTS.adminArea}
      contentClassName="lg:mt-20"
    />
  );
}
