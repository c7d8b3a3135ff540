import { formatCredits } from "./credits.js";

/**
 * Texts the commerce server answers with that the spec does not word (catalogue, checkout, orders, capture).
 * The spec's own texts stay beside their schemas (PACKAGE_MESSAGES, ITEM_MESSAGES, ORDER_MESSAGES,
 * PAYMENT_MESSAGES, CAPTURE_REFUSALS).
 */
export const COMMERCE_MESSAGES = {
  itemIdTaken: "An item with this Item ID already exists.",
  noPaymentStarted: "No PayPal payment started yet.",
  paypalReports: (status: string) => `PayPal reports ${status}.`,
  paymentRecorded: "Payment recorded.",
  webhookNotConfigured: "PAYPAL_WEBHOOK_ID is not configured.",
  /** Live credentials in production need the webhook, or refunds and closed browsers go unheard. */
  liveNeedsWebhook:
    "Set PAYPAL_WEBHOOK_ID on the server before saving live PayPal credentials: without the webhook, refunds, reversals and payments whose browser was closed never reach Mailsmith (docs/deploy.md).",
  webhookHeadersMissing: "Missing PayPal signature headers.",
  webhookSignatureInvalid: "The webhook signature did not verify.",
  /** A member cancels an unpaid order; a paid one is the accounting record. */
  cancelPaid: "This order is already paid, so it cannot be cancelled.",
  /** A cancelled order is refused at payment (create, capture, webhook). */
  orderCancelled: "This order was cancelled. Please place a new order.",
  /** PayPal declined the buyer's funding source at capture (INSTRUMENT_DECLINED): the page restarts PayPal. */
  instrumentDeclined: "PayPal declined this payment method. Please choose another way to pay in PayPal.",
  /** The capture is PENDING at PayPal (e.g. an eCheck): settled on PAYMENT.CAPTURE.COMPLETED. */
  capturePending:
    "PayPal is still processing this payment. Your order is completed as soon as PayPal confirms it; nothing more to do.",
  /** Generation refused while a refund or reversal left the balance below 1. */
  negativeBalance: (balance: number) =>
    `Your credit balance is ${formatCredits(balance)} because a payment was refunded or reversed. Buy credits to bring it above zero before generating.`,
} as const;

/** Error codes the payment page acts on (the browser restarts the PayPal flow on a decline). */
export const PAYMENT_ERROR_CODES = {
  instrumentDeclined: "INSTRUMENT_DECLINED",
  capturePending: "CAPTURE_PENDING",
} as const;

/**
 * Payment statuses after PayPal reports back on a paid order (the spec names only pending, Paid and
 * cancelled): the lists show them as they are.
 */
export const PAYPAL_OUTCOME_STATUS = {
  failed: "Failed",
  refunded: "Refunded",
  partiallyRefunded: "Partially refunded",
  reversed: "Reversed",
  /**
   * PayPal captured for an order we had cancelled (nobody credited) and answered our automatic refund FAILED or
   * CANCELLED: the money is still held, and only someone in PayPal can return it (decision 141).
   */
  refundFailed: "Refund failed",
} as const;

/** Words for an order whose automatic refund PayPal did not complete (PAYPAL_OUTCOME_STATUS.refundFailed). */
export const REFUND_FAILED_MESSAGES = {
  label: "Refund",
  /** The admin's order details: what happened, what was not done, what to do and what follows. */
  admin: (amount: string, transactionId: string | null) =>
    `PayPal took ${amount} for this order after it was cancelled, and did not complete the automatic refund. No credits were given for it. Refund PayPal transaction ${transactionId ?? "(unknown)"} in your PayPal account: the order shows Refunded as soon as PayPal reports the refund.`,
  /** An order's state (where a paid one shows its days left). */
  state: "Cancelled: the refund has not gone through yet",
  /** Under the status in the admin's order tables. */
  adminHint: "Refund it in PayPal",
  /** The member's order details. */
  member: (amount: string) =>
    `PayPal took ${amount} after this order was cancelled, and the automatic refund did not go through. No credits were given for it; it will be refunded through PayPal.`,
} as const;

/** Texts of the web commerce screens (catalogue admin, premium item, checkout, pay now, orders, PayPal settings), grouped by screen. */
export const COMMERCE_UI_TEXTS = {
  paypalSettingsPanel: {
    testModeNote:
      "No client id and secret are stored, so payments use the built-in offline PayPal stand-in (never in production).",
    credentialsComeFromYourPaypal: "Credentials come from your PayPal developer dashboard.",
    offlineTestMode: "Offline test mode",
    clientId: "Client ID",
    clientSecret: "Client Secret",
    mode: "Mode",
    currency: "Currency",
    enablePaypalPayments: "Enable PayPal payments",
    buttonStyles: "Button styles",
    layout: "Layout",
    color: "Color",
    shape: "Shape",
    label: "Label",
    resetToDefault: "Reset to Default",
    saveChanges: "Save Changes",
    storedOnTheServerNever: "Stored on the server, never shown again",
  },
  packagesPanel: {
    featuresOptional: "Features (optional; blank ones are hidden)",
    retireNamed: (name: string) => `Retire ${name}`,
    editNamed: (name: string) => `Edit ${name}`,
    point: (ordinal: string | undefined) => `Point ${ordinal}`,
    packageName: "Package Name",
    price: "Price ($)",
    credit: "Credit",
    validityDays: "Validity (days)",
    sellerEmailOptional: "Seller Email (optional)",
    pricingPackages: "Pricing Packages",
    addPackage: "Add Package",
    editPackage: "Edit Package",
    cancel: "Cancel",
    edit: "Edit",
    retire: "Retire",
    saveChanges: "Save Changes",
    retirePackage: "Retire package",
  },
  adminItemsPage: {
    itemName: "Item Name",
    price: "Price ($)",
    itemId: "Item ID",
    validityDays: "Validity (days)",
    slug: "Slug",
    imageUrl: "Image URL",
    accessUrl: "Access URL",
    description: "Description",
    guidelines: "Guidelines",
    retired: "Retired",
    onSale: "On sale",
    premiumItems: "Premium Items",
    addItem: "Add Item",
    blankGenerated: "Blank: generated",
    blankMadeFromTheName: "Blank: made from the name",
    shownToTheBuyerOnce: "Shown to the buyer once paid",
    cancel: "Cancel",
    premiumItems2: "Premium items",
    premiumItemsMailsmithAdmin: "Premium Items - Mailsmith Admin",
    retireItem: "Retire item",
    item: "Item",
    price2: "Price",
    status: "Status",
    actions: "Actions",
    editItem: "Edit item",
    itemPages: "Item pages",
    editItem2: "Edit Item",
    saveChanges: "Save Changes",
  },
  adminPackagesPage: {
    pricingPackages: "Pricing Packages",
    pricingPackagesMailsmithAdmin: "Pricing Packages - Mailsmith Admin",
  },
  premiumItemPage: {
    thisPremiumTemplateDoesNot: "This premium template does not exist.",
    breadcrumb: "Breadcrumb",
    premiumTemplates: "Premium templates",
    premiumTemplate: "Premium template",
    home: "Home",
    afterPaymentYourOrderShows: "After payment your order shows the download link and the usage guidelines.",
    premiumTemplateMailsmith: "Premium template - Mailsmith",
  },
  checkoutPage: {
    itemDetail: (itemId: string) => `Premium template ${itemId}`,
    packageDetail: (credit: number, validity: number) => `${credit} credits, valid ${validity} days`,
    itemsInformation: "items Information",
    price: "Price",
    processingFee: "Processing fee",
    total: "Total",
    billingInformation: "Billing Information",
    fullName: "Full Name",
    email: "Email",
    address: "Address",
    selectACountry: "Select a country",
    fromYourAccount: "From your account",
    country: "Country",
    packageInformation: "Package Information",
    packageName: "Package Name",
    itemName: "Item Name",
  },
  payNowPage: {
    needHelp: "Need help? Contact our",
    pleaseGiveTheSupportTeam: "Please give the support team:",
    loadingPaypal: "Loading PayPal",
    loadingOrder: "Loading order",
    breadcrumb: "Breadcrumb",
    payment: "Payment",
    orderSummary: "Order Summary",
    credits: "Credits",
    price: "Price",
    processingFee: "Processing fee",
    total: "Total",
    customerInformation: "Customer Information",
    name: "Name",
    email: "Email",
    address: "Address",
    country: "Country",
    orderDetails: "Order Details",
    orderId: "Order ID",
    paymentId: "Payment ID",
    date: "Date",
    status: "Status",
    returnToHome: "Return to Home",
    home: "Home",
    supportTeam: "Support Team",
    package: "Package",
    item: "Item",
    /** After PayPal declined the buyer's funding source (test mode: back to the PayPal window to pick another). */
    tryAnotherWay: "Choose another way to pay",
  },
  adminOrdersPage: {
    orderName: (orderId: string) => `order ${orderId}`,
    documentTitle: (title: string) => `${title} - Mailsmith Admin`,
    deleting: "Deleting",
    searchOrders: "Search orders...",
    packageDetails: "Package details",
    ordersManagement: "Orders Management",
    packageOrders: "Package orders",
    itemOrdersManagement: "Item Orders Management",
    itemOrders: "Item orders",
    deleteOrder: "Delete order",
    orderId: "Order ID",
    customer: "Customer",
    actions: "Actions",
    viewDetails: "View details",
    package: "Package",
    date: "Date",
    amount: "Amount",
    payment: "Payment",
    status: "Status",
    item: "Item",
    paymentStatus: "Payment Status",
  },
  myOrdersPage: {
    myOrders: "My Orders",
    accessUrl: "Access URL:",
    guidelines: "Guidelines",
    subscriptionHistory: "Subscription History",
    myOrdersMailsmith: "My Orders - Mailsmith",
  },
  pendingOrdersPage: {
    payAnOrderToGet: "Pay an order to get its credits or download.",
    orderInfo: "Order Info",
    amount: "Amount",
    status: "Status",
    actions: "Actions",
  },
  subscriptionHistoryPage: {
    viewOrder: (orderId: string) => `View order ${orderId}`,
    subscriptionHistory: "Subscription History",
    searchOrders: "Search orders",
    searchByOrderIdStatus: "Search by order ID, status or package",
    subscriptionHistory2: "Subscription history",
    packageDetails: "Package details",
    view: "View",
    subscriptionHistoryMailsmith: "Subscription History - Mailsmith",
    orderId: "Order ID",
    package: "Package",
    date: "Date",
    amount: "Amount",
    payment: "Payment",
    details: "Details",
    subscriptionHistoryPages: "Subscription history pages",
  },
  selectPackagePage: {
    chooseYourBestPlanMailsmith: "Choose Your Best Plan - Mailsmith",
  },
  orderDetail: {
    validityDays: (days: number | string) => `${days} days`,
    orderId: "Order ID",
    paymentId: "Payment ID",
    package: "Package",
    credits: "Credits",
    price: "Price",
    processingFee: "Processing fee",
    total: "Total",
    payment: "Payment",
    orderStatus: "Order status",
    ordered: "Ordered",
    validity: "Validity",
    membershipUntil: "Membership until",
    state: "State",
    customer: "Customer",
    address: "Address",
    paypalTransaction: "PayPal transaction",
    payer: "Payer",
    paidAt: "Paid at",
    daysLeft: "Days left",
  },
} as const;
