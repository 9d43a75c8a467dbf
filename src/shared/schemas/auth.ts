import { z } from 'zod'
import { isServedZip } from '../domain/service-area.ts'
import { ERRORS } from '../errors.ts'
import { EmailSchema } from './email.ts'

/** Account forms and calls (docs/product.md#accounts). The forms and the server share them. */

export const PASSWORD_MIN = 8
/** long passphrases are welcome; the limit only stops absurd bodies (never truncated) */
export const PASSWORD_MAX = 128

export const AUTH_MESSAGES = {
  passwordShort: 'Password must be at least 8 characters',
  passwordLong: 'Password must be at most 128 characters',
  passwordRequired: 'Password is required',
  passwordConfirmed: 'Password confirmed',
  serviceArea:
    'We currently deliver only within the Greater Houston area. Please check if your ZIP code is within our service area.',
  duplicateEmail: 'An account with this email already exists',
  invalidLogin: 'Invalid email or password',
  invalidResetToken: 'Invalid reset token. Please request a new reset link.',
  forgotPasswordSent:
    'If an account exists for that address, we have sent a link to reset your password.',
  passwordReset: 'Your password has been reset. Please log in with your new password.',
  loggedOut: 'Logged out',
} as const

const oneLine = (value: string) =>
  !value.includes('\r') && !value.includes('\n') && !value.includes('\u0000')

/** A one-line form text: trimmed, between min and max characters, with the form's message. */
export const text = (min: number, message: string, max = 100) =>
  z
    .string({ error: message })
    .trim()
    .min(min, message)
    .max(max, `Please use at most ${max} characters`)
    .refine(oneLine, message)

export const PasswordSchema = z
  .string({ error: AUTH_MESSAGES.passwordShort })
  .min(PASSWORD_MIN, AUTH_MESSAGES.passwordShort)
  .max(PASSWORD_MAX, AUTH_MESSAGES.passwordLong)

/** Where registration's and the profile form's messages differ (docs/product.md#accounts). */
const REGISTRATION_WORDING = {
  phone: 'Please enter a valid phone number',
  state: 'State must be 2 characters (e.g., TX)',
}
const PROFILE_WORDING = {
  phone: 'Phone number must be at least 10 digits',
  state: 'State must be 2 characters',
}

/** The delivery address and phone, shared by registration and the profile. */
const addressFields = (wording: typeof REGISTRATION_WORDING) => ({
  firstName: text(2, 'First name must be at least 2 characters', 50),
  lastName: text(2, 'Last name must be at least 2 characters', 50),
  phone: text(10, wording.phone, 30).refine(
    (value) => (value.match(/\d/g) ?? []).length >= 10,
    wording.phone,
  ),
  deliveryStreet: text(5, 'Please enter a valid street address', 200),
  deliveryApt: z
    .string()
    .trim()
    .max(50, 'Please use at most 50 characters')
    .refine(oneLine, 'Please use one line')
    .optional()
    .or(z.null())
    .transform((value) => (value ? value : null)),
  deliveryCity: text(2, 'Please enter a valid city', 100),
  deliveryState: z
    .string({ error: wording.state })
    .trim()
    .length(2, wording.state)
    .transform((value) => value.toUpperCase()),
  deliveryZip: z
    .string({ error: 'ZIP code must be exactly 5 digits' })
    .trim()
    .regex(/^\d{5}$/, 'ZIP code must be exactly 5 digits'),
})

type AddressInput = { deliveryState: string; deliveryZip: string }

/** The ZIP must be in the one service-area list and the state TX (docs/product.md#service-area). */
function inServiceArea(value: AddressInput, context: z.RefinementCtx) {
  if (!/^\d{5}$/.test(value.deliveryZip) || value.deliveryState.length !== 2) return
  if (!isServedZip(value.deliveryZip) || value.deliveryState !== 'TX') {
    context.addIssue({ code: 'custom', path: ['deliveryZip'], message: AUTH_MESSAGES.serviceArea })
  }
}

export const RegisterInputSchema = z
  .strictObject({
    email: EmailSchema,
    password: PasswordSchema,
    ...addressFields(REGISTRATION_WORDING),
  })
  .superRefine(inServiceArea)
export type RegisterInput = z.input<typeof RegisterInputSchema>

/**
 * Registration without the e-mail address, for a sign-up whose address is given (a staff
 * invitation). A person's own address, not a delivery: a driver may live outside the area we
 * deliver to, so the service-area rule does not apply (the checkout still checks where an order
 * goes).
 */
export const RegisterDetailsSchema = z.strictObject({
  password: PasswordSchema,
  ...addressFields(REGISTRATION_WORDING),
})

/** `POST /api/auth/password-check`: the signed-in user's password, given again. */
export const PasswordCheckSchema = z.strictObject({
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX, ERRORS.WRONG_PASSWORD.message),
})

export const LoginInputSchema = z.strictObject({
  email: EmailSchema,
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX, AUTH_MESSAGES.invalidLogin),
})
export type LoginInput = z.input<typeof LoginInputSchema>

/** The profile's fields, each checked; where the address may be is the next schema's rule. */
export const ProfileFieldsSchema = z.strictObject(addressFields(PROFILE_WORDING))

/**
 * A customer's profile: the address is where orders go, so it is in the service area. Staff keep
 * their own address (a driver may live outside it): they are checked with ProfileFieldsSchema.
 */
export const ProfileUpdateSchema = ProfileFieldsSchema.superRefine(inServiceArea)

/** The profile schema that applies to this user. */
export const profileSchemaFor = (user: { isAdmin: boolean; isDriver: boolean }) =>
  user.isAdmin || user.isDriver ? ProfileFieldsSchema : ProfileUpdateSchema
export type ProfileUpdate = z.input<typeof ProfileUpdateSchema>

export const ForgotPasswordInputSchema = z.strictObject({ email: EmailSchema })
export type ForgotPasswordInput = z.input<typeof ForgotPasswordInputSchema>

export const ResetPasswordInputSchema = z.strictObject({
  token: z
    .string({ error: AUTH_MESSAGES.invalidResetToken })
    .min(1, AUTH_MESSAGES.invalidResetToken)
    .max(200, AUTH_MESSAGES.invalidResetToken),
  newPassword: PasswordSchema,
})
export type ResetPasswordInput = z.input<typeof ResetPasswordInputSchema>

/** A user as the API shows it: never the password or its hash (docs/product.md#accounts). */
export const UserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  deliveryStreet: z.string(),
  deliveryApt: z.string().nullable(),
  deliveryCity: z.string(),
  deliveryState: z.string(),
  deliveryZip: z.string(),
  createdAt: z.string(),
  /** shows the way to the admin area (docs/product.md#admin); the server still guards it */
  isAdmin: z.boolean(),
  /** shows the way to the driver's view (docs/product.md#routes); the server still guards it */
  isDriver: z.boolean(),
})
export type User = z.infer<typeof UserSchema>

/** Which staff areas the signed-in user reaches: the admin area, the driver's view (docs/product.md#routes). */
export const AdminStatusSchema = z.object({ isAdmin: z.boolean(), isDriver: z.boolean() })
export const MessageSchema = z.object({ message: z.string() })
