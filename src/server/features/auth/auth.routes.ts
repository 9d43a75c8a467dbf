import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorBodySchema } from '#shared/errors.ts'
import {
  AUTH_MESSAGES,
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
import { API_TAG } from '../../plugins/api-reference.ts'
import { EXAMPLE_USER } from '../../plugins/api-examples.ts'

const userExample = UserSchema.meta({ examples: [EXAMPLE_USER] })
const said = (message: string) => MessageSchema.meta({ examples: [{ message }] })

// what a route answers when no one is signed in, or the password is wrong; the reference adds
// 400, 415 and 429 itself where a route reads input or is rate limited
const notSignedIn = { 401: ErrorBodySchema }

export function authRoutes(auth: AuthService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/auth/register',
      {
        schema: {
          summary: 'Create a customer account and sign in',
          tags: [API_TAG.accounts],
          security: [],
          body: RegisterInputSchema.meta({
            examples: [
              {
                email: 'maria@example.com',
                password: 'a long passphrase',
                firstName: 'Maria',
                lastName: 'Garcia',
                phone: '713-555-0142',
                deliveryStreet: '1200 Heights Blvd',
                deliveryApt: null,
                deliveryCity: 'Houston',
                deliveryState: 'TX',
                deliveryZip: '77008',
              },
            ],
          }),
          response: { 201: userExample, 409: ErrorBodySchema },
        },
        config: { rateLimit: AUTH_RATE_LIMIT },
      },
      async (request, reply) =>
        reply.status(201).send(await auth.register(request.body, request, reply)),
    )

    app.post(
      '/api/auth/login',
      {
        schema: {
          summary: 'Sign in with e-mail and password',
          tags: [API_TAG.accounts],
          security: [],
          body: LoginInputSchema.meta({
            examples: [{ email: 'maria@example.com', password: 'a long passphrase' }],
          }),
          response: { 200: userExample, ...notSignedIn },
        },
        config: { rateLimit: AUTH_RATE_LIMIT },
      },
      (request, reply) => auth.login(request.body, request, reply),
    )

    app.post(
      '/api/auth/password-check',
      {
        schema: {
          summary: 'Give the password again before a cancel or a refund',
          tags: [API_TAG.accounts],
          body: PasswordCheckSchema.meta({ examples: [{ password: 'a long passphrase' }] }),
          response: { 200: said(AUTH_MESSAGES.passwordConfirmed), ...notSignedIn },
        },
        config: { rateLimit: AUTH_RATE_LIMIT },
      },
      (request) => auth.confirmPassword(request, request.body.password),
    )

    app.post(
      '/api/auth/logout',
      {
        schema: {
          summary: 'Sign out: end this session',
          tags: [API_TAG.accounts],
          security: [],
          response: { 200: said(AUTH_MESSAGES.loggedOut) },
        },
      },
      (request, reply) => auth.logout(request, reply),
    )

    app.get(
      '/api/auth/session',
      {
        schema: {
          summary: 'The signed-in user (401 when signed out)',
          tags: [API_TAG.accounts],
          response: { 200: userExample, ...notSignedIn },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store')
        const { user, isAdmin, isDriver } = await auth.signedIn(request)
        return toUser(user, { isAdmin, isDriver })
      },
    )

    app.get(
      '/api/auth/admin-status',
      {
        schema: {
          summary: 'Whether the signed-in user is an admin or a driver',
          tags: [API_TAG.accounts],
          response: {
            200: AdminStatusSchema.meta({ examples: [{ isAdmin: true, isDriver: false }] }),
            ...notSignedIn,
          },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store')
        const { isAdmin, isDriver } = await auth.signedIn(request)
        return { isAdmin, isDriver }
      },
    )

    app.post(
      '/api/auth/forgot-password',
      {
        schema: {
          summary: 'E-mail a password reset link (the same answer for any address)',
          tags: [API_TAG.accounts],
          security: [],
          body: ForgotPasswordInputSchema.meta({ examples: [{ email: 'maria@example.com' }] }),
          response: { 200: said(AUTH_MESSAGES.forgotPasswordSent) },
        },
        config: { rateLimit: AUTH_RATE_LIMIT },
      },
      (request) => auth.forgotPassword(request.body.email),
    )

    app.post(
      '/api/auth/reset-password',
      {
        schema: {
          summary: 'Set a new password from a reset link; ends every session of the account',
          tags: [API_TAG.accounts],
          security: [],
          body: ResetPasswordInputSchema.meta({
            examples: [
              { token: 'q7Vd2mK9xRt4LpW8nZc3Hs6Jb1Fy5Ge0', newPassword: 'a new long passphrase' },
            ],
          }),
          response: { 200: said(AUTH_MESSAGES.passwordReset) },
        },
        config: { rateLimit: AUTH_RATE_LIMIT },
      },
      (request) => auth.resetPassword(request.body.token, request.body.newPassword),
    )

    app.patch(
      '/api/users/profile',
      {
        schema: {
          summary: 'Change the signed-in customer’s name, phone and delivery address',
          tags: [API_TAG.accounts],
          body: ProfileFieldsSchema.meta({
            examples: [
              {
                firstName: 'Maria',
                lastName: 'Garcia',
                phone: '713-555-0142',
                deliveryStreet: '1200 Heights Blvd',
                deliveryApt: 'Apt 4B',
                deliveryCity: 'Houston',
                deliveryState: 'TX',
                deliveryZip: '77008',
              },
            ],
          }),
          response: { 200: userExample, ...notSignedIn },
        },
      },
      (request) => auth.updateProfile(request, request.body),
    )
  }
}
