import { createBrowserRouter, type DOMRouterOpts, Outlet, type RouteObject } from "react-router";
import { FullScreenLoader } from "@/components/ui/spinner";
import { prefetchLandingContent } from "@/features/content/api/queries";
import { GuestOnly, RequireAdmin, RequireAuth } from "./guards/require-auth";
import { PublicLayout } from "./layouts/public-layout";
import { RouteError } from "./route-error";
import { HomeRoute } from "./routes/home-route";
import { NotFoundRoute } from "./routes/not-found-route";
import { ScrollToTop } from "./scroll-to-top";

/** Lazy route module: the page component is loaded when the route is first visited. */
type PageModule = Record<string, unknown>;
function page(load: () => Promise<PageModule>, exportName: string): Pick<RouteObject, "lazy"> {
  return { lazy: async () => ({ Component: (await load())[exportName] as React.ComponentType }) };
}

function Root() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
    </>
  );
}

/** The landing route's id: a prerendered page hands the router its loader's result (hydrationData) under it. */
export const LANDING_ROUTE_ID = "landing";

/** Every route; the browser router (createAppRouter) and the landing page's prerender (static router) share them. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    // Shown while a lazy page's code loads on the very first visit.
    hydrateFallbackElement: <FullScreenLoader />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          // The landing page is the one most visitors open first: bundled eagerly, its content fetched by the loader
          // while the code starts (both save a round trip on a slow phone; Lighthouse budget).
          { id: LANDING_ROUTE_ID, index: true, loader: prefetchLandingContent, Component: HomeRoute },
          { path: "about", ...page(() => import("@/features/content/pages/about-page"), "AboutPage") },
          { path: "contact", ...page(() => import("@/features/content/pages/contact-page"), "ContactPage") },
          { path: "terms", ...page(() => import("./routes/legal-route"), "TermsRoute") },
          { path: "privacy", ...page(() => import("./routes/legal-route"), "PrivacyRoute") },
          {
            path: "reset-password",
            ...page(() => import("@/features/auth/pages/reset-password-page"), "ResetPasswordPage"),
          },
          {
            path: "premium/:slug/:itemId",
            ...page(() => import("@/features/commerce/catalogue/pages/premium-item-page"), "PremiumItemPage"),
          },
          {
            element: <GuestOnly />,
            children: [
              { path: "login", ...page(() => import("@/features/auth/pages/login-page"), "LoginPage") },
              { path: "register", ...page(() => import("@/features/auth/pages/register-page"), "RegisterPage") },
            ],
          },
          { path: "*", Component: NotFoundRoute },
        ],
      },
      {
        // One shell for every signed-in member page: /user/*, checkout, payment and profile.
        // Member and admin shells load with their first page, never on the landing or auth pages.
        ...page(() => import("./layouts/member-layout"), "MemberLayout"),
        children: [
          {
            element: <RequireAuth />,
            children: [
              {
                path: "buy/:id",
                ...page(() => import("@/features/commerce/checkout/pages/checkout-page"), "PackageCheckoutPage"),
              },
              {
                path: "item-buy/:id",
                ...page(() => import("@/features/commerce/checkout/pages/checkout-page"), "ItemCheckoutPage"),
              },
              {
                path: "pay-now/:id",
                ...page(() => import("@/features/commerce/checkout/pages/pay-now-page"), "PayNowPage"),
              },
              {
                path: "item-pay-now/:id",
                ...page(() => import("@/features/commerce/checkout/pages/pay-now-page"), "ItemPayNowPage"),
              },
              {
                path: "update-profile",
                ...page(() => import("@/features/profile/pages/update-profile-page"), "UpdateProfilePage"),
              },
            ],
          },
          {
            path: "user",
            children: [
              // The generator shows its own "Please log in" state to signed-out visitors (spec).
              {
                path: "generate-code",
                ...page(() => import("@/features/generator/pages/generate-code-page"), "GenerateCodePage"),
              },
              {
                element: <RequireAuth />,
                children: [
                  {
                    path: "dashboard",
                    ...page(() => import("@/features/dashboard/pages/member-dashboard-page"), "MemberDashboardPage"),
                  },
                  {
                    path: "orders",
                    ...page(() => import("@/features/commerce/orders/pages/my-orders-page"), "MyOrdersPage"),
                  },
                  {
                    path: "orders-history",
                    ...page(
                      () => import("@/features/commerce/orders/pages/subscription-history-page"),
                      "SubscriptionHistoryPage",
                    ),
                  },
                  {
                    path: "select-package",
                    ...page(
                      () => import("@/features/commerce/catalogue/pages/select-package-page"),
                      "SelectPackagePage",
                    ),
                  },
                  {
                    path: "create-support",
                    ...page(() => import("@/features/support/pages/create-support-page"), "CreateSupportPage"),
                  },
                  {
                    path: "support",
                    ...page(() => import("@/features/support/pages/member-support-page"), "MemberSupportPage"),
                  },
                  {
                    path: "pending-payment",
                    ...page(() => import("@/features/commerce/orders/pages/pending-orders-page"), "PendingOrdersPage"),
                  },
                  {
                    path: "package-pending-payment",
                    ...page(() => import("@/features/commerce/orders/pages/pending-orders-page"), "PendingOrdersPage"),
                  },
                  {
                    path: "item-pending-payment",
                    ...page(
                      () => import("@/features/commerce/orders/pages/pending-orders-page"),
                      "PendingItemOrdersPage",
                    ),
                  },
                  {
                    path: "subscription-history",
                    ...page(
                      () => import("@/features/commerce/orders/pages/subscription-history-page"),
                      "SubscriptionHistoryPage",
                    ),
                  },
                  {
                    path: "check-email",
                    ...page(() => import("@/features/email-check/pages/check-email-page"), "CheckEmailPage"),
                  },
                  {
                    path: "templates",
                    ...page(() => import("@/features/generator/pages/templates-page"), "TemplatesPage"),
                  },
                  {
                    path: "brand-kits",
                    ...page(() => import("@/features/brand-kits/pages/brand-kits-page"), "BrandKitsPage"),
                  },
                  {
                    path: "templates/:id",
                    ...page(() => import("@/features/generator/pages/template-page"), "TemplatePage"),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        path: "admin",
        lazy: async () => {
          const { AdminLayout } = await import("./layouts/admin-layout");
          return {
            element: (
              <RequireAdmin>
                <AdminLayout />
              </RequireAdmin>
            ),
          };
        },
        children: [
          { path: "dashboard", ...page(() => import("./routes/admin-dashboard-route"), "AdminDashboardRoute") },
          {
            path: "orders",
            ...page(() => import("@/features/commerce/orders/pages/admin-orders-page"), "AdminOrdersPage"),
          },
          {
            path: "items-orders",
            ...page(() => import("@/features/commerce/orders/pages/admin-orders-page"), "AdminItemOrdersPage"),
          },
          { path: "users", ...page(() => import("@/features/users/pages/users-page"), "UsersPage") },
          {
            path: "support-messages",
            ...page(() => import("@/features/support/pages/admin-support-page"), "AdminSupportPage"),
          },
          { path: "settings", ...page(() => import("./routes/admin-settings-route"), "AdminSettingsRoute") },
          {
            path: "packages",
            ...page(() => import("@/features/commerce/catalogue/pages/admin-packages-page"), "AdminPackagesPage"),
          },
          {
            path: "items",
            ...page(() => import("@/features/commerce/catalogue/pages/admin-items-page"), "AdminItemsPage"),
          },
          { path: "outbox", ...page(() => import("@/features/outbox/pages/outbox-page"), "OutboxPage") },
          {
            path: "system-status",
            ...page(() => import("@/features/health/pages/system-status-page"), "SystemStatusPage"),
          },
          { path: "audit-log", ...page(() => import("@/features/audit/pages/audit-log-page"), "AuditLogPage") },
        ],
      },
    ],
  },
];

export function createAppRouter(opts?: DOMRouterOpts) {
  return createBrowserRouter(routes, opts);
}
