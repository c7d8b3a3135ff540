import { z } from "zod";
import { PACKAGE_MESSAGES, PACKAGE_POINT_KEYS, type PackagePointKey } from "./packages-texts.js";

export * from "./packages-texts.js";

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
