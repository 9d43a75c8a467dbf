import { describe, expect, test } from 'vitest'
import { PRODUCER_FORM_MESSAGES, ProducerInputSchema, ProducerPatchSchema } from './producer.ts'

const validForm = {
  name: 'Brazos Bottom Farm',
  slug: 'brazos-bottom-farm',
  location: 'Hempstead, Texas',
  description: 'Organic vegetables.',
  story: 'Two growers and a tractor.',
}
const formIssues = (overrides: Record<string, unknown>) =>
  ProducerInputSchema.safeParse({ ...validForm, ...overrides }).error?.issues.map(
    (issue) => `${issue.path.join('.')}: ${issue.message}`,
  ) ?? []

describe('producer form (docs/product.md#admin)', () => {
  test('normalizes what the dialog sends: trimmed text, lists without blank lines, nulls', () => {
    expect(
      ProducerInputSchema.parse({
        ...validForm,
        name: ' Brazos Bottom Farm ',
        slug: ' brazos-bottom-farm ',
        practices: [' Certified organic ', '', '  '],
        deliveryDays: ['Saturday', 'Monday', 'Saturday'],
        email: '',
        imageUrl: '',
        additionalStory: '',
      }),
    ).toEqual({
      ...validForm,
      distance: '',
      established: '',
      imageUrl: null,
      specialties: [],
      additionalStory: null,
      practices: ['Certified organic'],
      availability: '',
      deliveryDays: ['Monday', 'Saturday'],
      email: null,
      active: true,
    })
  })

  test('each required field has its message, whether empty, blank or missing', () => {
    for (const value of ['', ' ', undefined, null]) {
      expect(formIssues({ name: value, location: value })).toEqual([
        `name: ${PRODUCER_FORM_MESSAGES.nameRequired}`,
        `location: ${PRODUCER_FORM_MESSAGES.locationRequired}`,
      ])
    }
    for (const value of ['', undefined]) {
      expect(formIssues({ slug: value })).toEqual([`slug: ${PRODUCER_FORM_MESSAGES.slugRequired}`])
    }
  })

  test('a slug is lowercase words and digits joined by single hyphens', () => {
    for (const slug of ['atkinson-farms', 'hg-rice-mill', '4-seasons']) {
      expect(formIssues({ slug }), slug).toEqual([])
    }
    for (const slug of ['Atkinson-Farms', 'atkinson farms', 'a--b', '-a', 'a-', 'café', 'a/b']) {
      expect(formIssues({ slug }), slug).toEqual([`slug: ${PRODUCER_FORM_MESSAGES.slugFormat}`])
    }
  })

  test('the harvest e-mail is optional but must be an address', () => {
    expect(formIssues({ email: 'harvest@example.com' })).toEqual([])
    expect(formIssues({ email: null })).toEqual([])
    for (const email of ['harvest', 'harvest@', 42]) {
      expect(formIssues({ email }), String(email)).toEqual([
        `email: ${PRODUCER_FORM_MESSAGES.email}`,
      ])
    }
  })

  test('delivery days are days of the week', () => {
    expect(formIssues({ deliveryDays: ['Someday'] })).toEqual([
      `deliveryDays.0: ${PRODUCER_FORM_MESSAGES.deliveryDay}`,
    ])
  })

  test('a patch names any of the form fields and nothing else', () => {
    expect(ProducerPatchSchema.safeParse({ active: false }).success).toBe(true)
    expect(ProducerPatchSchema.safeParse({ email: 'x' }).success).toBe(true)
    expect(ProducerPatchSchema.safeParse({ colour: 'red' }).success).toBe(false)
  })
})
