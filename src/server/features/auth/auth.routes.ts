import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorBodySchema } from '#shared/errors.ts'
import {
  AdminStatusSchema,
  ForgotPasswordInputSchema,
  LoginInputSchema,
  MessageSchema,
  PasswordCheckSchema,
  ProfileFieldsSchema,
  RegisterInputSchema,
  ResetPasswordInputSchema,
  UserSchema,
} from '#shared/schemas/auth.ts'
import { AUTH_RATE_LIMIT } from '../../plugins/rate-limit.ts'
import type { AuthService } from './auth.service.ts'
import { toUser } from './auth.service.ts'

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema }

export function authRoutes(auth: AuthService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/auth/register',
      {
        schema: {
          body: RegisterInputSchema,
          response: { 201: UserSchema, 409: ErrorBodySchema, ...errors },
        },
        config: { rateLimit: AUTH_RATE_LIMIT },
      },
      async (request, reply) =>
        reply.status(201).send(await auth.register(request.body, request, reply)),
    )

    app.post(
      '/api/auth/login',
      {
        schema: { body: LoginInputSchema, response: { 200: UserSchema, ...errors } },
        config: { rateLimit: AUTH_RATE_LIMIT },
      },
      (request, reply) => auth.login(request.body, request, reply),
    )

    app.post(
      '/api/auth/password-check',
      {
        schema: { body: PasswordCheckSchema, response: { 200: MessageSchema, ...errors } },
        config: { rateLimit: AUTH_RATE_LIMIT },
      },
      (request) => auth.confirmPassword(request, request.body.password),
    )

    app.post(
      '/api/auth/logout',
      { schema: { response: { 200: MessageSchema } } },
      (request, reply) => auth.logout(request, reply),
    )

    app.get(
      '/api/auth/session',
      { schema: { response: { 200: UserSchema, ...errors } } },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store')
        const { user, isAdmin, isDriver } = await auth.signedIn(request)
        return toUser(user, { isAdmin, isDriver })
      },
    )

    app.get(
      '/api/auth/admin-status',
      { schema: { response: { 200: AdminStatusSchema, ...errors } } },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store')
        const { isAdmin, isDriver } = await auth.signedIn(request)
        return { isAdmin, isDriver }
      },
    )

    app.post(
      '/api/auth/forgot-password',
      {
        schema: { body: ForgotPasswordInputSchema, response: { 200: MessageSchema, ...errors } },
        config: { rateLimit: AUTH_RATE_LIMIT },
      },
      (request) => auth.forgotPassword(request.body.email),
    )

    app.post(
      '/api/auth/reset-password',
      {
        schema: { body: ResetPasswordInputSchema, response: { 200: MessageSchema, ...errors } },
        config: { rateLimit: AUTH_RATE_LIMIT },
      },
      (request) => auth.resetPassword(request.body.token, request.body.newPassword),
    )

    app.patch(
      '/api/users/profile',
      { schema: { body: ProfileFieldsSchema, response: { 200: UserSchema, ...errors } } },
      (request) => auth.updateProfile(request, request.body),
    )
  }
}
