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
} from '#shared/schemas/staff.ts'
import { adminCallerOf } from '../../plugins/admin-guard.ts'
import { AUTH_RATE_LIMIT } from '../../plugins/rate-limit.ts'
import type { StaffService } from './staff.service.ts'
import { API_TAG } from '../../plugins/api-reference.ts'

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
          response: { 200: StaffListSchema, ...guarded },
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
          body: StaffInviteInputSchema,
          response: { 201: StaffInviteResultSchema, ...refused, ...guarded },
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
          params: StaffUserParamsSchema,
          querystring: StaffRemoveQuerySchema,
          response: { 200: StaffMessageSchema, ...refused, ...guarded },
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
          params: InvitationTokenParamsSchema,
          response: { 200: InvitationViewSchema, ...refused },
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
          params: InvitationTokenParamsSchema,
          response: { 200: InvitationAcceptedSchema, ...refused, ...guarded },
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
          params: InvitationTokenParamsSchema,
          body: InvitationRegisterInputSchema,
          response: { 201: InvitationAcceptedSchema, ...refused },
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
