import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PRODUCER_FORM_MESSAGES, type AdminProducer } from '#shared/schemas/producer.ts'
import {
  descriptionOf,
  fakeApi,
  heldReply,
  renderWeb,
  type Answer,
  type RenderWebResult,
} from '#tests/support/render-web.tsx'
import { makeProducer } from '#tests/support/web-fixtures.ts'
import { AdminProducers } from './components/admin-producers.tsx'

/**
 * New Producer and Edit Producer (docs/product.md#admin), opened from the producers page and
 * filled by their labels, as the staff use them.
 */

const atkinson = makeProducer({
  id: '3d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a',
  name: 'Atkinson Farms',
  slug: 'atkinson-farms',
  deliveryDays: ['Wednesday'],
  email: 'harvest@atkinsonfarms.example',
  productCount: 12,
})
const NEW_ID = '4e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a7b'

const LIST = 'GET /api/admin/producers'
const CREATE = 'POST /api/admin/producers'
const UPDATE = `PATCH /api/admin/producers/${atkinson.id}`

async function renderProducers(answers: Record<string, Answer> = {}) {
  const view = renderWeb(<AdminProducers />, {
    path: '/admin/producers',
    api: fakeApi({ [LIST]: { body: [atkinson] }, ...answers }),
  })
  await screen.findByRole('button', { name: 'Edit Atkinson Farms' })
  return view
}

async function openNewProducer(view: RenderWebResult) {
  await view.user.click(screen.getByRole('button', { name: 'New Producer' }))
  return screen.findByRole('dialog', { name: 'New Producer' })
}

const deliveryDay = (dialog: HTMLElement, day: string) =>
  within(within(dialog).getByRole('group', { name: /^Delivers to us on/ })).getByRole('checkbox', {
    name: day,
  })

describe("the admin's producer dialog", () => {
  it('names every required field a new producer lacks, and sends nothing', async () => {
    const view = await renderProducers()
    const dialog = await openNewProducer(view)
    await view.user.click(within(dialog).getByRole('button', { name: 'Create Producer' }))

    await waitFor(() =>
      expect(descriptionOf(within(dialog).getByLabelText('Name'))).toBe(
        PRODUCER_FORM_MESSAGES.nameRequired,
      ),
    )
    expect(descriptionOf(within(dialog).getByLabelText('Slug'))).toContain(
      PRODUCER_FORM_MESSAGES.slugRequired,
    )
    expect(descriptionOf(within(dialog).getByLabelText('Location'))).toBe(
      PRODUCER_FORM_MESSAGES.locationRequired,
    )
    expect(descriptionOf(within(dialog).getByLabelText('Description'))).toBe(
      PRODUCER_FORM_MESSAGES.descriptionRequired,
    )
    expect(descriptionOf(within(dialog).getByLabelText('Story'))).toContain(
      PRODUCER_FORM_MESSAGES.storyRequired,
    )
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Name'))
    expect(view.api.calls.filter((call) => call.method !== 'GET')).toEqual([])
  })

  it('creates a producer: the form is sent as typed, the dialog closes and the list is fetched again', async () => {
    const held = heldReply()
    const view = await renderProducers({ [CREATE]: held.answer })
    const dialog = await openNewProducer(view)
    const field = (label: string | RegExp) => within(dialog).getByLabelText(label)

    await view.user.type(field('Name'), 'Sandy Creek Dairy')
    // the slug follows the name until it is typed in
    expect(field('Slug')).toHaveProperty('value', 'sandy-creek-dairy')
    expect(descriptionOf(field('Slug'))).toBe('Its page: /producer/sandy-creek-dairy')
    await view.user.type(field('Location'), '  Brenham, Texas ')
    await view.user.type(field(/^Distance/), '70 miles from Houston')
    await view.user.type(field(/^Established/), 'Est. 1952')
    await view.user.type(field(/^Availability/), 'Year-round')
    await view.user.type(field('Description'), 'Grass-fed milk and cheese.')
    await view.user.type(field('Story'), 'Three generations of dairy farmers.')
    await view.user.type(field(/^Specialties/), 'Whole milk{Enter}{Enter}Farmhouse cheddar')
    await view.user.type(field(/^Practices/), 'Pasture-raised')
    // ticked out of order: the days are sent Monday first
    await view.user.click(deliveryDay(dialog, 'Thursday'))
    await view.user.click(deliveryDay(dialog, 'Monday'))
    await view.user.type(field(/^Harvest list e-mail/), 'orders@sandycreek.example')
    expect(field('Active').getAttribute('aria-checked')).toBe('true')

    const listCallsBefore = view.api.callsTo(LIST).length
    await view.user.click(within(dialog).getByRole('button', { name: 'Create Producer' }))

    await waitFor(() =>
      expect(view.api.callsTo(CREATE).map((call) => call.body)).toEqual([
        {
          name: 'Sandy Creek Dairy',
          slug: 'sandy-creek-dairy',
          location: 'Brenham, Texas',
          distance: '70 miles from Houston',
          established: 'Est. 1952',
          imageUrl: null,
          description: 'Grass-fed milk and cheese.',
          specialties: ['Whole milk', 'Farmhouse cheddar'],
          story: 'Three generations of dairy farmers.',
          additionalStory: null,
          practices: ['Pasture-raised'],
          availability: 'Year-round',
          deliveryDays: ['Monday', 'Thursday'],
          email: 'orders@sandycreek.example',
          active: true,
        },
      ]),
    )
    const created = makeProducer({
      id: NEW_ID,
      name: 'Sandy Creek Dairy',
      slug: 'sandy-creek-dairy',
    })
    view.api.on(LIST, { body: [atkinson, created] })
    held.release({ status: 201, body: created })

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await screen.findByRole('button', { name: 'Edit Sandy Creek Dairy' })).toBeTruthy()
    expect(view.api.callsTo(LIST).length).toBeGreaterThan(listCallsBefore)
  })

  it('edits a producer: its fields are filled in and the saved form is sent', async () => {
    const held = heldReply()
    const view = await renderProducers({ [UPDATE]: held.answer })
    await view.user.click(screen.getByRole('button', { name: 'Edit Atkinson Farms' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Producer' })
    const field = (label: string | RegExp) => within(dialog).getByLabelText(label)

    expect(field('Name')).toHaveProperty('value', 'Atkinson Farms')
    expect(field(/^Harvest list e-mail/)).toHaveProperty('value', 'harvest@atkinsonfarms.example')
    expect(deliveryDay(dialog, 'Wednesday').getAttribute('aria-checked')).toBe('true')

    // an existing producer's slug stays as it is when its name changes
    await view.user.type(field('Name'), ' & Sons')
    expect(field('Slug')).toHaveProperty('value', 'atkinson-farms')
    await view.user.clear(field('Location'))
    await view.user.type(field('Location'), 'Tomball, Texas')
    await view.user.click(deliveryDay(dialog, 'Wednesday'))
    await view.user.click(deliveryDay(dialog, 'Saturday'))
    await view.user.click(field('Active'))
    await view.user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))

    expect(await within(dialog).findByRole('button', { name: 'Saving...' })).toHaveProperty(
      'disabled',
      true,
    )
    expect(view.api.callsTo(UPDATE).map((call) => call.body)).toEqual([
      {
        name: 'Atkinson Farms & Sons',
        slug: 'atkinson-farms',
        location: 'Tomball, Texas',
        distance: atkinson.distance,
        established: atkinson.established,
        imageUrl: null,
        description: atkinson.description,
        specialties: [],
        story: atkinson.story,
        additionalStory: null,
        practices: [],
        availability: atkinson.availability,
        deliveryDays: ['Saturday'],
        email: 'harvest@atkinsonfarms.example',
        active: false,
      },
    ])
    const saved: AdminProducer = {
      ...atkinson,
      name: 'Atkinson Farms & Sons',
      location: 'Tomball, Texas',
      deliveryDays: ['Saturday'],
      active: false,
    }
    view.api.on(LIST, { body: [saved] })
    held.release({ body: saved })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await screen.findByRole('button', { name: 'Edit Atkinson Farms & Sons' })).toBeTruthy()
  })

  it.each([
    {
      status: 409,
      label: 'Slug',
      field: 'slug',
      message: 'Another producer already has this slug',
    },
    {
      status: 400,
      label: /^Harvest list e-mail/,
      field: 'email',
      message: PRODUCER_FORM_MESSAGES.email,
    },
  ])(
    "puts the server's $status refusal under $field and keeps the dialog open",
    async ({ status, label, field, message }) => {
      const view = await renderProducers({
        [UPDATE]: { status, body: { message, errors: { [field]: message } } },
      })
      await view.user.click(screen.getByRole('button', { name: 'Edit Atkinson Farms' }))
      const dialog = await screen.findByRole('dialog', { name: 'Edit Producer' })
      await view.user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))

      const refused = within(dialog).getByLabelText(label)
      await waitFor(() => expect(descriptionOf(refused)).toContain(message))
      expect(document.activeElement).toBe(refused)
      expect(screen.getByRole('dialog', { name: 'Edit Producer' })).toBeTruthy()
      expect(view.api.callsTo(UPDATE)).toHaveLength(1)
    },
  )
})
