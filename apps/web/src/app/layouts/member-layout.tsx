import { paths } from "@/config/paths";
import { useMe } from "@/features/auth/api/me";
import { VerifyEmailBanner } from "@/features/auth/components/verify-email-banner";
import { Icon } from "./icons";
import { SidebarLayout, type SidebarLink } from "./sidebar-layout";

/** /user area: sidebar starts collapsed (spec); admins also get the admin dashboard in a new tab. */
export function MemberLayout() {
  const me = useMe();
  const links: SidebarLink[] = [
    { label: "Dashboard", to: paths.user.dashboard, icon: <Icon name="dashboard" /> },
    { label: "Generate Template", to: paths.user.generateCode, icon: <Icon name="spark" /> },
    { label: "Check my email", to: paths.user.checkEmail, icon: <Icon name="mail" /> },
    { label: "My Templates", to: paths.user.templates, icon: <Icon name="template" /> },
    { label: "Buy Credits", to: paths.user.selectPackage, icon: <Icon name="card" /> },
    { label: "Support", to: paths.user.support, icon: <Icon name="support" /> },
    { label: "Pending Payments", to: `${paths.user.pendingPayment}/`, icon: <Icon name="clock" /> },
    { label: "Subscription History", to: paths.user.subscriptionHistory, icon: <Icon name="history" /> },
  ];
  if (me.data?.userRole === "Admin") {
    links.push({ label: "Admin Dashboard", to: paths.admin.dashboard, icon: <Icon name="shield" />, newTab: true });
  }
  return <SidebarLayout links={links} startCollapsed area="Member" banner={<VerifyEmailBanner />} />;
}
