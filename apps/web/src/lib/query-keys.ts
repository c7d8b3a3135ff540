/**
 * Roots of the TanStack Query keys that more than one feature touches (decision 093). The feature that reads the
 * endpoint builds its queryOptions factories on the root (features/<f>/api/queries.ts); another feature invalidates by
 * it, since features never import each other.
 */
export const sharedKeys = {
  /** The signed-in user (lib/auth): credits change after a generation, a purchase, an admin edit. */
  me: ["me"] as const,
  /** Every page of My Templates (generator); the email checker's "Fix with AI" adds a template to it. */
  templates: ["templates"] as const,
  /** The admin dashboard's counts (dashboard); a user edited, disabled or deleted moves them (users). */
  adminStats: ["admin-stats"] as const,
  /** A member's brand kits (brand-kits edits them; the generator's form lists them to pick from). */
  brandKits: ["brand-kits"] as const,
  /** The editable parts of one template version (generator's edit in place and its report's alt-text fields). */
  templateParts: (id: string | undefined) => ["template-parts", id] as const,
};
