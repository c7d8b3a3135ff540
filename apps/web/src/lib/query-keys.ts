import type { OrderKind, TAdminOrderQuery, TAuditLogQuery, TTicketListQuery } from "@mailsmith/shared";

/**
 * Every TanStack Query key of the web app, one typed factory each (decisions 093, 134). A feature builds its
 * queryOptions on its keys here and another feature invalidates by the same key, since features never import each
 * other; a group's `all` is the prefix that refreshes every query under it. `npm test` (scripts/check-structure.mjs)
 * fails when a key array is written anywhere else, so a key is spelled once and a typo cannot stop a refresh.
 */
export const queryKeys = {
  /** The signed-in user (lib/auth): credits change after a generation, a purchase, an admin edit. */
  me: ["me"] as const,
  /** What the server tells every visitor (sign-in providers, limits). */
  publicConfig: ["public-config"] as const,
  /** Every page of My Templates (generator); the email checker's "Fix with AI" adds a template to it. */
  templates: {
    all: ["templates"] as const,
    list: (params: object) => ["templates", params] as const,
  },
  /** One template with its HTML and report (not under `templates`: a list refresh leaves it alone). */
  template: (id: string | undefined) => ["template", id] as const,
  /** The editable parts of one template version (generator's edit in place and its report's alt-text fields). */
  templateParts: (id: string | undefined) => ["template-parts", id] as const,
  /** Whether generation is available and what writes it (generator); a key or local reader change moves it (ai-keys). */
  generatorStatus: ["generator-status"] as const,
  localReader: ["local-reader"] as const,
  /** The admin's score threshold (Settings → AI keys). */
  scoreThreshold: ["score-threshold"] as const,
  geminiKeys: ["gemini-keys"] as const,
  geminiModels: ["gemini-models"] as const,
  /** A member's brand kits (brand-kits edits them; the generator's form lists them to pick from). */
  brandKits: ["brand-kits"] as const,
  /** The admin dashboard's counts (dashboard); a user edited, disabled or deleted moves them (users). */
  adminStats: ["admin-stats"] as const,
  users: {
    /** The directory and each user's credit history (both change with an admin edit). */
    all: ["admin-users"] as const,
    credits: (id: string | null) => ["admin-users", "credits", id] as const,
  },
  emailTemplates: ["email-templates"] as const,
  messageLogs: {
    all: ["message-logs"] as const,
    page: (toEmail: string | null, page: number) => ["message-logs", toEmail, page] as const,
  },
  dataExport: ["profile", "data-export"] as const,
  auditLog: (query: TAuditLogQuery) => ["audit-log", query] as const,
  systemStatus: ["system-status"] as const,
  outbox: ["outbox"] as const,
  tickets: {
    /** Every list (any filter): what a new ticket, a reply or a status change invalidates. */
    lists: ["support-tickets", "list"] as const,
    list: (query: TTicketListQuery) => ["support-tickets", "list", query] as const,
    one: (id: string | null) => ["support-tickets", "one", id ?? ""] as const,
  },
  orders: {
    /** Every order query: a new order, a payment, a cancel or a delete refreshes them all. */
    all: ["orders"] as const,
    mine: (kind: OrderKind) => ["orders", kind] as const,
    admin: (kind: OrderKind, query: TAdminOrderQuery) => ["orders", "admin", kind, query] as const,
    one: (kind: OrderKind, id: string | undefined) => ["orders", kind, "one", id] as const,
  },
  packages: {
    /** The packages on sale; the landing page's prerender and boot fill it. */
    all: ["packages"] as const,
    one: (id: string | undefined) => ["packages", "one", id] as const,
  },
  items: {
    all: ["item"] as const,
    one: (id: string | undefined) => ["item", id] as const,
    admin: ["admin-items"] as const,
  },
  paypalSettings: {
    public: ["paypal-settings", "public"] as const,
    admin: ["paypal-settings", "admin"] as const,
  },
  /** The landing sections and their admin views, shared with the landing prefetch. */
  content: {
    hero: ["content", "hero"] as const,
    banner: ["content", "banner"] as const,
    bannerStats: ["content", "banner", "stats"] as const,
    features: ["content", "features"] as const,
    featuresAdmin: ["content", "features", "admin"] as const,
    about: ["content", "about"] as const,
    testimonials: ["content", "testimonials"] as const,
    testimonialsAdmin: ["content", "testimonials", "admin"] as const,
    footer: ["content", "footer"] as const,
    contactPage: ["content", "contact-page"] as const,
  },
};
