/** Texts of the web dashboards (member and admin): card titles, chart titles, links. */
export const DASHBOARD_UI_TEXTS = {
  adminCharts: {
    revenueUsd: "Revenue (USD)",
    paidOrders: "Paid orders",
    creditsSpent: "Credits spent",
  },
  adminStatCards: {
    totalOrders: "Total Orders",
    totalUsers: "Total Users",
    supportMessages: "Support Messages",
    viewMessages: "View messages →",
    settings: "Settings",
    openSettings: "Open settings →",
  },
  memberDashboardPage: {
    membership: "Membership",
    costPerTemplate: "Cost per template",
    n1Credit: "1 credit",
    profile: "Profile",
    yourPhotoAndPersonalInformation: "Your photo and personal information.",
    imageHtmlGenerator: "Image HTML Generator",
  },
} as const;
