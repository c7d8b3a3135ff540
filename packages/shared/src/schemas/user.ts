import { z } from "zod";
import { MEMBERSHIPS, USER_ROLES } from "../constants.js";
import { SECURITY_MESSAGES } from "./security.js";

/** The user record as the API returns it (spec §3 names). */
export const ZUserSchema = z.object({
  _id: z.string(),
  userName: z.string(),
  email: z.string(),
  userRole: z.enum(USER_ROLES),
  userMembership: z.enum(MEMBERSHIPS),
  membershipValidity: z.string().nullable(),
  currentBalance: z.number().int(),
  profileURL: z.string().nullable(),
  aboutMe: z.string(),
  address: z.string(),
  city: z.string(),
  country: z.string(),
  phone: z.string(),
  /** The member's language (BCP 47): the `lang` of their emails when the text is too short to tell. */
  language: z.string(),
  banned: z.boolean(),
  createdAt: z.string(),
  /** False until the member opens the link of the verification mail; the sign-up credits wait for it. */
  emailVerified: z.boolean().optional(),
  /** Client address at sign-up (admin lists only: spotting sign-up bursts). */
  signupIp: z.string().nullable().optional(),
  /** Storage the member's stored files use (admin lists only). */
  storage: z.object({ bytes: z.number().int().nonnegative(), objects: z.number().int().nonnegative() }).optional(),
});
export type TUser = z.infer<typeof ZUserSchema>;

export const ZMeResponseSchema = z.object({ user: ZUserSchema });
export type TMeResponse = z.infer<typeof ZMeResponseSchema>;

/** GET /api/session: the browser's auth state; `user` is null for visitors (no 401 noise in the console). */
export const ZSessionResponseSchema = z.object({ user: ZUserSchema.nullable() });
export type TSessionResponse = z.infer<typeof ZSessionResponseSchema>;

export const ZPublicConfigSchema = z.object({
  googleSignIn: z.boolean(),
  signupBonusCredits: z.number().int(),
});
export type TPublicConfig = z.infer<typeof ZPublicConfigSchema>;

const trimmedEmail = z
  .string()
  .trim()
  .min(1, "Please enter your email address.")
  .email("Please enter a valid email address.");

export const ZLoginFormSchema = z.object({
  email: z.string().trim().min(1, "Email is required").email("Invalid email address format."),
  password: z.string().min(1, "Password is required"),
});
export type TLoginForm = z.infer<typeof ZLoginFormSchema>;

export const ZRegisterFormSchema = z
  .object({
    name: z.string().trim().min(1, "Full Name is required").max(120, SECURITY_MESSAGES.nameTooLong),
    email: z.string().trim().min(1, "Email Address is required").email("Invalid email address format."),
    // Field-level, so it shows together with every other error.
    password: z.string().min(1, "Password is required").min(6, "Password must be at least 6 characters"),
    confirmPassword: z.string().min(1, "Confirm Password is required"),
    terms: z.literal(true, { error: "You must accept the terms and conditions" }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords do not match",
    // Runs even while other fields are wrong, so every error shows at once.
    when: (payload) => {
      const v = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
      return typeof v?.password === "string" && typeof v.confirmPassword === "string" && v.confirmPassword.length > 0;
    },
  });
export type TRegisterForm = z.input<typeof ZRegisterFormSchema>;

export const ZResetRequestFormSchema = z.object({ email: trimmedEmail });
export type TResetRequestForm = z.infer<typeof ZResetRequestFormSchema>;

export const ZNewPasswordFormSchema = z
  .object({
    password: z.string().min(6, "Password must be at least 6 characters"),
    confirmPassword: z.string().min(1, "Confirm Password is required"),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "Passwords do not match" });
export type TNewPasswordForm = z.infer<typeof ZNewPasswordFormSchema>;

/** Error body every API error uses. */
export const ZErrorSchema = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
});
export type TApiError = z.infer<typeof ZErrorSchema>;
