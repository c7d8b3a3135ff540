/** Every client route in one place (spec §2 route table). */
export const paths = {
  home: "/",
  about: "/about",
  contact: "/contact",
  login: "/login",
  register: "/register",
  resetPassword: "/reset-password",
  updateProfile: "/update-profile",
  premiumItem: (slug: string, itemId: string) => `/premium/${encodeURIComponent(slug)}/${encodeURIComponent(itemId)}`,
  buy: (id: string) => `/buy/${id}`,
  itemBuy: (id: string) => `/item-buy/${id}`,
  payNow: (id: string) => `/pay-now/${id}`,
  itemPayNow: (id: string) => `/item-pay-now/${id}`,
  user: {
    dashboard: "/user/dashboard",
    orders: "/user/orders",
    ordersHistory: "/user/orders-history",
    selectPackage: "/user/select-package",
    createSupport: "/user/create-support",
    support: "/user/support",
    pendingPayment: "/user/pending-payment",
    itemPendingPayment: "/user/item-pending-payment",
    packagePendingPayment: "/user/package-pending-payment",
    subscriptionHistory: "/user/subscription-history",
    generateCode: "/user/generate-code",
    checkEmail: "/user/check-email",
    templates: "/user/templates",
  },
  admin: {
    dashboard: "/admin/dashboard",
    orders: "/admin/orders",
    itemsOrders: "/admin/items-orders",
    users: "/admin/users",
    supportMessages: "/admin/support-messages",
    settings: "/admin/settings",
    packages: "/admin/packages",
    items: "/admin/items",
    outbox: "/admin/outbox",
  },
} as const;

/** Landing-page anchors. */
export const anchors = {
  pricing: "pricing-sec",
  contact: "contact-sec",
  testimonials: "testimonials-sec",
  about: "about-sec",
} as const;
