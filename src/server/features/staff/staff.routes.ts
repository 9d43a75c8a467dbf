import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorBodySchema } from '#shared/errors.ts'
import {
  InvitationAcceptedSchema,
  InvitationRegisterInputSchema,
  InvitationTokenParamsSchema,
  InvitationViewSchema,
  StaffInviteInputSchema,
  StaffInviteResultSchema,
  StaffListSchema,
  StaffMessageSchema,
  StaffRemoveQuerySchema,
  StaffUserParamsSchema,
  STAFF_MESSAGES,
} from '#shared/schemas/staff.ts'
import { adminCallerOf } from '../../plugins/admin-guard.ts'
import { AUTH_RATE_LIMIT } from '../../plugins/rate-limit.ts'
import type { StaffService } from './staff.service.ts'
import { API_TAG } from '../../plugins/api-reference.ts'
import { EXAMPLE_IDS } from '../../plugins/api-examples.ts'

const DRIVER_ID = '0d2f4b6a-8c1e-4a3f-9b5d-7e9a1c3e5f70'
const invitation = {
  id: 'a5c7e9b1-3d4f-4e6a-8b0c-2d4f6a8c0e52',
  email: 'luis.driver@example.com',
  role: 'driver' as const,
  invitedBy: 'ana.admin@example.com',
  createdAt: '2026-11-30T14:00:00.000Z',
  expiresAt: '2026-12-02T14:00:00.000Z',
}
const tokenParams = InvitationTokenParamsSchema.meta({
  examples: [{ token: 'Zp4Xq8Lm2Vr6Tn0Ws3Ky7Hb1' }],
})
const accepted = InvitationAcceptedSchema.meta({
  examples: [{ message: STAFF_MESSAGES.accepted, role: 'driver' }],
})

const guarded = { 401: ErrorBodySchema, 403: ErrorBodySchema }
const refused = { 400: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema }

/** The admin's Staff tab; the admin guard covers every /api/admin route. */
export function adminStaffRoutes(staff: StaffService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/staff',
      {
        schema: {
          summary: 'The shop’s admins and drivers, and the invitations pending',
          tags: [API_TAG.adminStaff],
          response: {
            200: StaffListSchema.meta({
              examples: [
                {
                  staff: [
                    {
                      userId: EXAMPLE_IDS.admin,
                      email: 'ana.admin@example.com',
                      name: 'Ana Nguyen',
                      role: 'admin',
                      since: '2026-09-01T14:00:00.000Z',
                    },
                    {
                      userId: DRIVER_ID,
                      email: 'dev.driver@example.com',
                      name: 'Dev Patel',
                      role: 'driver',
                      since: '2026-10-03T15:30:00.000Z',
                    },
                  ],
                  invitations: [invitation],
                },
              ],
            }),
            ...guarded,
          },
        },
      },
      () => staff.list(),
    )

    app.post(
      '/api/admin/staff',
      {
        schema: {
          summary: 'Invite someone by e-mail as an admin or a driver',
          tags: [API_TAG.adminStaff],
          body: StaffInviteInputSchema.meta({
            examples: [{ email: 'luis.driver@example.com', role: 'driver' }],
          }),
          response: {
            201: StaffInviteResultSchema.meta({
              examples: [{ message: STAFF_MESSAGES.invited, invitation }],
            }),
            ...refused,
            ...guarded,
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await staff.invite(adminCallerOf(request), request.body)),
    )

    app.delete(
      '/api/admin/staff/:userId',
      {
        schema: {
          summary: 'Take a role (admin or driver) from someone',
          tags: [API_TAG.adminStaff],
          params: StaffUserParamsSchema.meta({ examples: [{ userId: DRIVER_ID }] }),
          querystring: StaffRemoveQuerySchema.meta({ examples: [{ role: 'driver' }] }),
          response: {
            200: StaffMessageSchema.meta({ examples: [{ message: STAFF_MESSAGES.removed }] }),
            ...refused,
            ...guarded,
          },
        },
      },
      (request) => staff.remove(adminCallerOf(request), request.params.userId, request.query.role),
    )
  }
}

/** The invitation page's calls: what the link is for, and accepting it (signed in or signing up). */
export function invitationRoutes(staff: StaffService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/invitations/:token',
      {
        schema: {
          summary: 'What an invitation link is for',
          tags: [API_TAG.accounts],
          params: tokenParams,
          response: {
            200: InvitationViewSchema.meta({
              examples: [
                {
                  email: invitation.email,
                  role: 'driver',
                  expiresAt: invitation.expiresAt,
                  hasAccount: false,
                },
              ],
            }),
            ...refused,
          },
        },
        config: { rateLimit: AUTH_RATE_LIMIT },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store')
        return staff.view(request.params.token)
      },
    )

    app.post(
      '/api/invitations/:token/accept',
      {
        schema: {
          summary: 'Accept an invitation as the signed-in account',
          tags: [API_TAG.accounts],
          params: tokenParams,
          response: { 200: accepted, ...refused, ...guarded },
        },
        config: { rateLimit: AUTH_RATE_LIMIT },
      },
      (request) => staff.accept(request, request.params.token),
    )

    app.post(
      '/api/invitations/:token/register',
      {
        schema: {
          summary: 'Create an account and accept an invitation',
          tags: [API_TAG.accounts],
          security: [],
          params: tokenParams,
          body: InvitationRegisterInputSchema.meta({
            examples: [
              {
                password: 'a long passphrase',
                firstName: 'Luis',
                lastName: 'Hernandez',
                phone: '832-555-0187',
                deliveryStreet: '4410 Telephone Rd',
                deliveryApt: null,
                deliveryCity: 'Houston',
                deliveryState: 'TX',
                deliveryZip: '77087',
              },
            ],
          }),
          response: { 201: accepted, ...refused },
        },
        config: { rateLimit: AUTH_RATE_LIMIT },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await staff.register(request.params.token, request.body, request, reply)),
    )
  }
}
