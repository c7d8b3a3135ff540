import { z } from "zod";

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

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : typeof v === "string" ? v.trim() : v);

/** A required number typed as text or number (forms send text). */
export const requiredNumber = (required: string, invalid: string) =>
  z.preprocess(
    (v) => {
      const t = blankToUndefined(v);
      return typeof t === "string" ? (/^-?\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN) : t;
    },
    z.number({ error: (iss) => (iss.input === undefined ? required : invalid) }).refine(Number.isFinite, invalid),
  );

const point = z.string().trim().max(200).optional().default("");
const pointFields = Object.fromEntries(PACKAGE_POINT_KEYS.map((k) => [k, point])) as Record<
  PackagePointKey,
  typeof point
>;

/** Body of POST /api/add-package and PUT /api/edit-package/{id} (admin form too). */
export const ZPackageInputSchema = z.object({
  packageName: z.string({ error: PACKAGE_MESSAGES.nameRequired }).trim().min(1, PACKAGE_MESSAGES.nameRequired).max(80),
  price: requiredNumber(PACKAGE_MESSAGES.priceRequired, PACKAGE_MESSAGES.priceInvalid).pipe(
    z.number().positive(PACKAGE_MESSAGES.priceInvalid).max(100_000, PACKAGE_MESSAGES.priceInvalid),
  ),
  credit: requiredNumber(PACKAGE_MESSAGES.creditRequired, PACKAGE_MESSAGES.creditNumeric).pipe(
    z.number().int(PACKAGE_MESSAGES.creditNumeric).min(0, PACKAGE_MESSAGES.creditNumeric).max(1_000_000),
  ),
  validity: z
    .preprocess(blankToUndefined, z.coerce.number().int(PACKAGE_MESSAGES.validityInvalid).min(1).max(3650).optional())
    .optional(),
  sellerEmail: z.string().trim().max(254).optional().default(""),
  ...pointFields,
});
export type TPackageInput = z.input<typeof ZPackageInputSchema>;
export type TPackageInputParsed = z.output<typeof ZPackageInputSchema>;

export const ZPackageSchema = z.object({
  _id: z.string(),
  packageName: z.string(),
  price: z.number(),
  credit: z.number().int(),
  validity: z.number().int(),
  sellerEmail: z.string(),
  ...(Object.fromEntries(PACKAGE_POINT_KEYS.map((k) => [k, z.string()])) as Record<PackagePointKey, z.ZodString>),
  retired: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TPackage = z.infer<typeof ZPackageSchema>;

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
