import { z } from 'zod'

/** The years the shop's dates may fall in: before 1883 Chicago kept its own solar time. */
const YEARS = { first: 2000, last: 2100 } as const
const yearOf = (iso: string) => Number(iso.slice(0, 4))
const inShopYears = (iso: string) => yearOf(iso) >= YEARS.first && yearOf(iso) <= YEARS.last
const YEARS_MESSAGE = `Use a date from ${YEARS.first} to ${YEARS.last}`

/** YYYY-MM-DD, a calendar day in Houston (America/Chicago) */
export const CalendarDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-28')
  .refine(inShopYears, YEARS_MESSAGE)
  // read back, as engines roll 2026-02-30 over to March 2 instead of refusing it
  .refine((day) => {
    const noon = new Date(`${day}T12:00:00Z`)
    return !Number.isNaN(noon.getTime()) && noon.toISOString().startsWith(day)
  }, 'Use a real calendar date')

/** An ISO instant with its offset, within the shop's years. */
export const InstantSchema = z.iso
  .datetime({ offset: true, error: 'Use a date and time' })
  .refine(inShopYears, YEARS_MESSAGE)
