import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { sealedText } from "../../lib/secret-box.js";
import { user } from "./auth.js";

const money = (name: string) => numeric(name, { precision: 10, scale: 2, mode: "number" });

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** What packages and items share: a price, a validity in days and a life cycle (retired, never deleted: orders keep a copy). */
const catalogueColumns = () => ({
  id: uuid("id").primaryKey().defaultRandom(),
  price: money("price").notNull(),
  validity: integer("validity").notNull().default(30),
  retiredAt: timestamp("retired_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Credit packages (spec: at most 3 active; retired ones keep past orders intact). */
export const packages = pgTable("packages", {
  ...catalogueColumns(),
  packageName: text("package_name").notNull(),
  credit: integer("credit").notNull(),
  sellerEmail: text("seller_email").notNull().default(""),
  /** pointOne … pointTen, in order; blank ones are hidden. */
  points: jsonb("points").$type<string[]>().notNull().default([]),
});

/** Premium items (templates sold individually). */
export const items = pgTable("items", {
  ...catalogueColumns(),
  itemId: text("item_id").notNull().unique(),
  itemName: text("item_name").notNull(),
  slug: text("slug").notNull(),
  guidelines: text("guidelines").notNull().default(""),
  accessUrl: text("access_url").notNull().default(""),
  imageUrl: text("image_url").notNull().default(""),
  description: text("description").notNull().default(""),
});

/** Columns shared by package orders and item orders (spec §3). */
const orderColumns = () => ({
  id: uuid("id").primaryKey().defaultRandom(),
  orderId: text("order_id").notNull().unique(),
  paymentId: text("payment_id").notNull().unique(),
  userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
  /** Set when the member deleted their account: the order stays, detached, under this reference. */
  closedAccountRef: uuid("closed_account_ref"),
  packageName: text("package_name").notNull(),
  packagePrice: money("package_price").notNull(),
  processingFee: money("processing_fee").notNull().default(0),
  totalPrice: money("total_price").notNull(),
  currency: text("currency").notNull().default("USD"),
  /** pending → Paid, or pending → cancelled (its member or an admin cancelled it unpaid) */
  paymentStatus: text("payment_status").notNull().default("pending"),
  /** pending → Completed, or pending → cancelled */
  orderStatus: text("order_status").notNull().default("pending"),
  paymentMethod: text("payment_method"),
  customerEmail: text("customer_email").notNull(),
  customerName: text("customer_name").notNull(),
  address: text("address").notNull(),
  country: text("country").notNull(),
  orderDate: text("order_date").notNull(),
  validity: integer("validity").notNull().default(30),
  featuredImage: text("featured_image").notNull().default(""),
  paypalOrderId: text("paypal_order_id").unique(),
  paypalTransactionId: text("paypal_transaction_id"),
  payerEmail: text("payer_email"),
  captureTime: timestamp("capture_time", { withTimezone: true }),
  paidAt: timestamp("paid_at", { withTimezone: true }),
  /** Bumped when PayPal declines the buyer's funding source: the next capture is a new attempt (new PayPal-Request-Id). */
  captureAttempt: integer("capture_attempt").notNull().default(0),
  /** What PayPal refunded or reversed of this order so far (PAYMENT.CAPTURE.REFUNDED / REVERSED). */
  refundedAmount: money("refunded_amount").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const packageOrders = pgTable(
  "package_orders",
  {
    ...orderColumns(),
    packageId: uuid("package_id").references(() => packages.id, { onDelete: "restrict" }),
    credit: integer("credit").notNull(),
    sellerEmail: text("seller_email").notNull().default(""),
    membershipValidity: timestamp("membership_validity", { withTimezone: true }).notNull(),
    /** Credits taken back through the ledger for refunds and reversals of this order. */
    creditsReversed: integer("credits_reversed").notNull().default(0),
  },
  (t) => [
    index("package_orders_customer_idx").on(t.customerEmail),
    index("package_orders_paid_idx").on(t.paidAt),
    index("package_orders_user_idx").on(t.userId, t.createdAt),
  ],
);

export const itemOrders = pgTable(
  "item_orders",
  {
    ...orderColumns(),
    /** The spec names the item reference packageId on item orders. */
    packageId: uuid("package_id").references(() => items.id, { onDelete: "restrict" }),
    itemId: text("item_id").notNull(),
    slug: text("slug").notNull(),
    imageUrl: text("image_url").notNull().default(""),
    guidelines: text("guidelines").notNull().default(""),
    accessUrl: text("access_url").notNull().default(""),
  },
  (t) => [
    index("item_orders_customer_idx").on(t.customerEmail),
    index("item_orders_paid_idx").on(t.paidAt),
    index("item_orders_user_idx").on(t.userId, t.createdAt),
  ],
);

/** Payment provider settings: one row (id 1). The client secret is write-only through the API. */
export const paypalSettings = pgTable(
  "paypal_settings",
  {
    id: integer("id").primaryKey().default(1),
    clientId: text("client_id").notNull().default(""),
    /** Sealed at rest (lib/secret-box.ts); write-only through the API. */
    clientSecret: sealedText("client_secret").notNull().default(""),
    mode: text("mode", { enum: ["sandbox", "live"] })
      .notNull()
      .default("sandbox"),
    currency: text("currency", { enum: ["USD", "EUR", "GBP", "CAD"] })
      .notNull()
      .default("USD"),
    enablePayPal: boolean("enable_paypal").notNull().default(true),
    buttonStyles: jsonb("button_styles")
      .$type<{ layout: string; color: string; shape: string; label: string }>()
      .notNull()
      .default({ layout: "vertical", color: "blue", shape: "rect", label: "paypal" }),
    updatedAt: updatedAt(),
  },
  (t) => [check("paypal_settings_single_row", sql`${t.id} = 1`)],
);

/** Webhook deliveries already handled (PayPal retries; each event id is processed once). */
export const paypalWebhookEvents = pgTable("paypal_webhook_events", {
  id: text("id").primaryKey(),
  eventType: text("event_type").notNull(),
  outcome: text("outcome").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
