import { SECTORS } from '../catalog/catalog.ts';
import * as z from '../zod.ts';

export const SECTOR_REQUIRED_MESSAGE = "Sector required: Please select your company's recycling sector.";
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_TOO_SHORT_MESSAGE = 'Password must be at least 6 characters long';
export const PASSWORDS_DO_NOT_MATCH_MESSAGE = 'Passwords do not match';

/** A required single-line name: trimmed, bounded, and free of markup (names are shown across the product). */
const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be ${max} characters or less`)
    .refine((v) => !/[<>]/.test(v), `${label} must not contain < or >`);

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be 254 characters or less')
  .pipe(z.email('Please enter a valid email address'));

const password = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE)
  .max(128, 'Password must be 128 characters or less');

/** The "Sign Up" tab of the Join dialog; the server applies the same schema. */
export const SignUpBodySchema = z
  .object({
    company: text('Company name', 120),
    sector: z.enum(SECTORS, { error: SECTOR_REQUIRED_MESSAGE }),
    fullName: text('Full name', 120),
    email,
    password,
  })
  .strict();
export type SignUpBody = z.infer<typeof SignUpBodySchema>;

export const SignInBodySchema = z
  .object({
    email,
    password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
  })
  .strict();
export type SignInBody = z.infer<typeof SignInBodySchema>;

export const EmailOnlyBodySchema = z.object({ email }).strict();
export type EmailOnlyBody = z.infer<typeof EmailOnlyBodySchema>;

export const ResetPasswordBodySchema = z
  .object({
    token: z.string().min(1, 'Invalid or expired reset link').max(512),
    newPassword: password,
  })
  .strict();
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

/** Security tab: both entries must match; the server checks the current password too. */
export const ChangePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required').max(128),
    newPassword: password,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH_MESSAGE,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;

export const UpdateProfileBodySchema = z.object({ fullName: text('Full name', 120) }).strict();
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

/** What GET /api/me answers: the auth state of the specification. */
export const MeSchema = z.object({
  user: z
    .object({
      id: z.string(),
      email: z.string(),
      fullName: z.string(),
      company: z.string().nullable(),
      sector: z.string().nullable(),
      emailVerified: z.boolean(),
      createdAt: z.string(),
    })
    .nullable(),
  isAdmin: z.boolean(),
  subscribed: z.boolean(),
  subscriptionTier: z.string().nullable(),
  subscriptionEnd: z.string().nullable(),
});
export type Me = z.infer<typeof MeSchema>;

/** What a sign-in answers: the auth state, and whether it is the account's first sign-in ("Welcome!"). */
export const SignInResponseSchema = MeSchema.extend({ firstSignIn: z.boolean() });
export type SignInResponse = z.infer<typeof SignInResponseSchema>;

/** Failed sign-ins allowed per account and per address inside the window before further tries are refused. */
/**
 * Failed sign-ins that pause sign-in for the window: per account from one address (the owner elsewhere
 * is not locked out), per address across accounts, and, for an account failing from many addresses,
 * from every address that has not signed in to it within `knownAddressDays`.
 */
export const SIGN_IN_LIMITS = {
  perAccountAndAddress: 5,
  perAddress: 20,
  perAccountFromUnknownAddresses: 50,
  windowMinutes: 15,
  knownAddressDays: 90,
} as const;
export const SIGN_IN_FROM_KNOWN_DEVICE_MESSAGE =
  'This account is receiving many failed sign-in attempts, so it accepts sign-ins only from places it was used before. Please wait 15 minutes, or sign in from a device you have used before.';
export const TOO_MANY_SIGN_IN_ATTEMPTS_MESSAGE =
  'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
export const EMAIL_NOT_CONFIRMED_MESSAGE =
  'Please confirm your email address before signing in. Check your inbox for the confirmation link, or resend it.';
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
