import { z } from 'zod'
import { RegisterDetailsSchema } from './auth.ts'
import { EmailSchema } from './email.ts'

/** The shop's staff and their invitations (docs/product.md#staff). */

export const STAFF_ROLE_VALUES = ['admin', 'driver'] as const
export const StaffRoleSchema = z.enum(STAFF_ROLE_VALUES, {
  error: 'Please choose a role: admin or driver',
})
export type StaffRole = z.infer<typeof StaffRoleSchema>

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { admin: 'Admin', driver: 'Driver' }

/** how long an invitation link works */
export const INVITATION_LIFETIME_HOURS = 48

export const STAFF_MESSAGES = {
  invited: 'Invitation sent',
  removed: 'Role removed',
  accepted: 'Welcome aboard: your new role is ready.',
} as const

/** `POST /api/admin/staff`: invite someone by e-mail as an admin or a driver. */
export const StaffInviteInputSchema = z.strictObject({
  email: EmailSchema,
  role: StaffRoleSchema,
})
export type StaffInviteInput = z.input<typeof StaffInviteInputSchema>

/** One role held by one person: a person with both roles is listed twice. */
export const StaffMemberSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: StaffRoleSchema,
  /** when they got the role (ISO 8601) */
  since: z.string(),
})
export type StaffMember = z.infer<typeof StaffMemberSchema>

export const StaffInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: StaffRoleSchema,
  /** the address of the admin who sent it, when that account still exists */
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
})
export type StaffInvitation = z.infer<typeof StaffInvitationSchema>

/** `GET /api/admin/staff`: the staff, admins first, and the invitations still waiting. */
export const StaffListSchema = z.object({
  staff: z.array(StaffMemberSchema),
  invitations: z.array(StaffInvitationSchema),
})
export type StaffList = z.infer<typeof StaffListSchema>

export const StaffInviteResultSchema = z.object({
  message: z.string(),
  invitation: StaffInvitationSchema,
})

/** what a removal's toast says */
export const StaffMessageSchema = z.object({ message: z.string() })

export const StaffUserParamsSchema = z.strictObject({
  userId: z.uuid('User id must be a UUID'),
})

/** `DELETE /api/admin/staff/{userId}?role=`: one role, or without it every staff role. */
export const StaffRemoveQuerySchema = z.strictObject({ role: StaffRoleSchema.optional() })

export const InvitationTokenParamsSchema = z.strictObject({
  token: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\w-]+$/, 'This invitation link is not valid.'),
})

/** `GET /api/invitations/{token}`: what the invitation page shows before accepting. */
export const InvitationViewSchema = z.object({
  email: z.string(),
  role: StaffRoleSchema,
  expiresAt: z.string(),
  /** whether an account with that address exists: the page then asks to sign in and accept */
  hasAccount: z.boolean(),
})
export type InvitationView = z.infer<typeof InvitationViewSchema>

/**
 * `POST /api/invitations/{token}/register`: the registration form without the e-mail address,
 * which is the invitation's own.
 */
export const InvitationRegisterInputSchema = RegisterDetailsSchema
export type InvitationRegisterInput = z.input<typeof InvitationRegisterInputSchema>

export const InvitationAcceptedSchema = z.object({
  message: z.string(),
  role: StaffRoleSchema,
})
export type InvitationAccepted = z.infer<typeof InvitationAcceptedSchema>
