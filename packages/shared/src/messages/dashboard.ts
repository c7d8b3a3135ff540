/** Texts of the web dashboards (member and admin): card titles, chart titles, links. */
export const DASHBOARD_UI_TEXTS = {
  adminCharts: {
    revenueUsd: "Revenue (USD)",
    paidOrders: "Paid orders",
    creditsSpent: "Credits spent",
    revenue: "Revenue",
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
    generateATemplate: "Generate a template",
    turnADesignImageInto: "Turn a design image into responsive HTML.",
    pendingPayments: "Pending payments",
    ordersWaitingForPayment: "Orders waiting for payment.",
    support: "Support",
    yourTicketsAndOurAnswers: "Your tickets and our answers.",
    subscriptionHistory: "Subscription history",
    yourPastPurchases: "Your past purchases.",
    upgrade: "Upgrade",
    buyMoreCredits: "Buy more credits.",
    dashboardMailsmith: "Dashboard - Mailsmith",
  },
  adminActivityPanel: {
    failedToLoadStatistics: "Failed to load statistics",
  },
} as const;
