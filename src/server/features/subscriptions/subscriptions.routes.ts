import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorBodySchema } from '#shared/errors.ts'
import {
  CreateSubscriptionInputSchema,
  NeverListInputSchema,
  NeverListSchema,
  PauseInputSchema,
  SkipInputSchema,
  SubscriptionListSchema,
  SubscriptionParamsSchema,
  SubscriptionSchema,
  UpdateSubscriptionInputSchema,
  type Subscription,
} from '#shared/schemas/subscriptions.ts'
import { EXAMPLE_IDS, EXAMPLE_SATURDAY } from '../../plugins/api-examples.ts'
import { API_TAG } from '../../plugins/api-reference.ts'
import type { SignedIn } from '../auth/index.ts'
import type { NeverListService } from './never-list.ts'
import type { SubscriptionsService } from './subscriptions.service.ts'

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
}

export const EXAMPLE_SUBSCRIPTION: Subscription = {
  id: EXAMPLE_IDS.subscription,
  status: 'active',
  frequencyWeeks: 1,
  firstSaturday: EXAMPLE_SATURDAY,
  nextSaturday: EXAMPLE_SATURDAY,
  comingSaturdays: [
    { saturday: EXAMPLE_SATURDAY, delivers: true, skipped: false },
    { saturday: '2026-12-12', delivers: false, skipped: true },
    { saturday: '2026-12-19', delivers: true, skipped: false },
  ],
  skipped: ['2026-12-12'],
  pausedUntil: null,
  lastSaturday: null,
  paymentMethodId: EXAMPLE_IDS.savedCard,
  items: [
    { id: EXAMPLE_IDS.harvestBox, name: 'Harvest Box', quantity: 1, customSelections: null },
    { id: EXAMPLE_IDS.eggs, name: 'Pasture-Raised Eggs', quantity: 2, customSelections: null },
  ],
  version: 3,
  createdAt: '2026-11-28T16:20:00.000Z',
}

const answer = { 200: SubscriptionSchema.meta({ examples: [EXAMPLE_SUBSCRIPTION] }), ...errors }
const params = SubscriptionParamsSchema.meta({ examples: [{ id: EXAMPLE_IDS.subscription }] })

/** The signed-in customer's subscriptions (docs/product.md#subscriptions). */
export function subscriptionsRoutes({
  subscriptions,
  neverList,
  auth,
}: {
  subscriptions: SubscriptionsService
  neverList: NeverListService
  auth: SignedIn
}): FastifyPluginAsyncZod {
  return async (app) => {
    const neverListAnswer = NeverListSchema.meta({
      examples: [{ products: [{ id: EXAMPLE_IDS.sweetPotatoes, name: 'Sweet Potatoes' }] }],
    })
    app.get(
      '/api/never-list',
      {
        schema: {
          summary: 'The products the customer never wants in a box the farmer fills',
          tags: [API_TAG.subscriptions],
          response: { 200: neverListAnswer, ...errors },
        },
      },
      async (request) => {
        const { user } = await auth.signedIn(request)
        return neverList.of(user.id)
      },
    )

    app.put(
      '/api/never-list',
      {
        schema: {
          summary: 'Replace the never-list (an unknown product is 404, and nothing changes)',
          tags: [API_TAG.subscriptions],
          body: NeverListInputSchema.meta({
            examples: [{ productIds: [EXAMPLE_IDS.sweetPotatoes] }],
          }),
          response: { 200: neverListAnswer, ...errors },
        },
      },
      async (request) => {
        const { user } = await auth.signedIn(request)
        return neverList.replace(user.id, request.body.productIds)
      },
    )

    app.get(
      '/api/subscriptions',
      {
        schema: {
          summary: "The customer's subscriptions, newest first",
          tags: [API_TAG.subscriptions],
          response: {
            200: SubscriptionListSchema.meta({ examples: [[EXAMPLE_SUBSCRIPTION]] }),
            ...errors,
          },
        },
      },
      async (request) => {
        const { user } = await auth.signedIn(request)
        return subscriptions.list(user.id)
      },
    )

    app.post(
      '/api/subscriptions',
      {
        schema: {
          summary: 'Subscribe: products every week or every other week, paid with a saved card',
          tags: [API_TAG.subscriptions],
          body: CreateSubscriptionInputSchema.meta({
            examples: [
              {
                items: [
                  { id: EXAMPLE_IDS.harvestBox, quantity: 1 },
                  { id: EXAMPLE_IDS.eggs, quantity: 2 },
                ],
                frequencyWeeks: 1,
                firstSaturday: EXAMPLE_SATURDAY,
                paymentMethodId: EXAMPLE_IDS.savedCard,
              },
            ],
          }),
          response: {
            201: SubscriptionSchema.meta({ examples: [EXAMPLE_SUBSCRIPTION] }),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const { user } = await auth.signedIn(request)
        reply.code(201)
        return subscriptions.create(user.id, request.body)
      },
    )

    app.get(
      '/api/subscriptions/:id',
      {
        schema: {
          summary: 'One subscription: its next Saturday, skipped weeks, pause and status',
          tags: [API_TAG.subscriptions],
          params,
          response: answer,
        },
      },
      async (request) => {
        const { user } = await auth.signedIn(request)
        return subscriptions.get(user.id, request.params.id)
      },
    )

    app.patch(
      '/api/subscriptions/:id',
      {
        schema: {
          summary: "Change a subscription's items, frequency or card (409 if changed meanwhile)",
          tags: [API_TAG.subscriptions],
          params,
          body: UpdateSubscriptionInputSchema.meta({
            examples: [{ version: 3, frequencyWeeks: 2 }],
          }),
          response: answer,
        },
      },
      async (request) => {
        const { user } = await auth.signedIn(request)
        return subscriptions.update(user.id, request.params.id, request.body)
      },
    )

    const saturdayCalls = {
      skip: {
        summary: 'Skip one of its Saturdays, until that week’s cut-off',
        run: (userId: string, id: string, saturday: string) =>
          subscriptions.skip(userId, id, saturday),
      },
      unskip: {
        summary: 'Take a skipped Saturday back, until that week’s cut-off',
        run: (userId: string, id: string, saturday: string) =>
          subscriptions.unskip(userId, id, saturday),
      },
    }
    for (const [action, { summary, run }] of Object.entries(saturdayCalls)) {
      app.post(
        `/api/subscriptions/:id/${action}`,
        {
          schema: {
            summary,
            tags: [API_TAG.subscriptions],
            params,
            body: SkipInputSchema.meta({ examples: [{ saturday: EXAMPLE_SATURDAY }] }),
            response: answer,
          },
        },
        async (request) => {
          const { user } = await auth.signedIn(request)
          return run(user.id, request.params.id, request.body.saturday)
        },
      )
    }

    app.post(
      '/api/subscriptions/:id/pause',
      {
        schema: {
          summary: 'Pause: no delivery on a Saturday before the day given',
          tags: [API_TAG.subscriptions],
          params,
          body: PauseInputSchema.meta({ examples: [{ until: '2027-01-09' }] }),
          response: answer,
        },
      },
      async (request) => {
        const { user } = await auth.signedIn(request)
        return subscriptions.pause(user.id, request.params.id, request.body.until)
      },
    )

    // the calls without a body
    const bodiless = {
      resume: {
        summary: 'End a pause now',
        run: (userId: string, id: string) => subscriptions.resume(userId, id),
      },
      cancel: {
        summary: 'Cancel: a Saturday whose week is open still delivers, no later one',
        run: (userId: string, id: string) => subscriptions.cancel(userId, id),
      },
    }
    for (const [action, { summary, run }] of Object.entries(bodiless)) {
      app.post(
        `/api/subscriptions/:id/${action}`,
        { schema: { summary, tags: [API_TAG.subscriptions], params, response: answer } },
        async (request) => {
          const { user } = await auth.signedIn(request)
          return run(user.id, request.params.id)
        },
      )
    }
  }
}
