/**
 * Package constants, texts and plain helpers — no zod here (the landing's pricing section imports these without
 * the schemas); packages.ts re-exports this file.
 */

/** Spec admin §9 / customer §9: at most 3 packages, 10 feature slots, $ prices, 30 days by default. */
export const MAX_PACKAGES = 3;
export const PRICING_SECTION_LIMIT = 3;
export const DEFAULT_VALIDITY_DAYS = 30;
export const CURRENCY_SYMBOL = "$";
export const PACKAGE_POINT_KEYS = [
  "pointOne",
  "pointTwo",
  "pointThree",
  "pointFour",
  "pointFive",
  "pointSix",
  "pointSeven",
  "pointEight",
  "pointNine",
  "pointTen",
] as const;
export type PackagePointKey = (typeof PACKAGE_POINT_KEYS)[number];

export const PACKAGE_MESSAGES = {
  pricingTitle: "Pricing Plan",
  pricingHeading: "Choose Your Best Plan",
  choosePlan: "Choose Plan",
  loadingPackages: "Loading packages",
  fetchFailed: "Failed to fetch packages",
  fetchOneFailed: "Failed to fetch package",
  addFailed: "Failed to add package",
  updateFailed: "Failed to update package",
  emptyPublic: "No packages available. Please add packages to display.",
  emptyAdmin: "No packages available. Add a new package to get started.",
  maxReached: "Maximum 3 packages allowed",
  added: "Package added successfully",
  updated: "Package updated successfully",
  retired: "Package retired. Past orders keep it.",
  retireFailed: "Failed to retire package",
  retireConfirm: "Retire this package? It disappears from the pricing section; past orders keep it.",
  retireConfirmNamed: (name: string) =>
    `Retire the package "${name}"? It disappears from the pricing section; past orders keep it.`,
  notFound: "Package not found.",
  nameRequired: "Package name is required",
  priceRequired: "Price is required",
  priceInvalid: "Price must be a number greater than 0",
  creditRequired: "Credit is required",
  creditNumeric: "Credit must be numeric",
  validityInvalid: "Validity must be a whole number of days",
} as const;

/** Non-empty point fields of any record, in order (spec: names starting with "point", any case). */
export function packagePoints(record: Record<string, unknown>): string[] {
  return Object.entries(record)
    .filter(([k, v]) => /^point/i.test(k) && typeof v === "string" && v.trim() !== "")
    .map(([, v]) => (v as string).trim());
}

/** "$12.00" */
export function formatPrice(value: number | string): string {
  const n = typeof value === "number" ? value : Number(value);
  return `${CURRENCY_SYMBOL}${Number.isFinite(n) ? n.toFixed(2) : "0.00"}`;
}
