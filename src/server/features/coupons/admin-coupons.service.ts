import type { z } from 'zod'
import { centsToDecimal, type Cents } from '#shared/domain/money.ts'
import type {
  AdminCoupon,
  CouponCreateInputSchema,
  CouponUpdateInputSchema,
} from '#shared/schemas/coupon.ts'
import { AppError } from '../../app-error.ts'
import { CHECK_VIOLATION, databaseErrorOf, UNIQUE_VIOLATION } from '../../db/database-error.ts'
import type { AdminCouponsRepo, CouponChanges, CouponRow } from './admin-coupons.repo.ts'

type CouponCreateInput = z.output<typeof CouponCreateInputSchema>
type CouponUpdateInput = z.output<typeof CouponUpdateInputSchema>

/**
 * What the coupons table's CHECK constraints mean to the person filling in the form. The schema
 * catches most of them first; these need the stored row (counts, the other date).
 */
const CHECK_MESSAGES: Record<string, { field: string; message: string }> = {
  coupons_within_limit: {
    field: 'maxRedemptions',
    message: 'Limit cannot be lower than the times this coupon has already been used',
  },
  coupons_dates_in_order: { field: 'endsAt', message: 'End must be after the start' },
  coupons_max_redemptions_positive: {
    field: 'maxRedemptions',
    message: 'Limit must be at least 1',
  },
  coupons_percent_off_range: {
    field: 'percentOff',
    message: 'Percent off must be between 1 and 100',
  },
  coupons_amount_off_positive: { field: 'amountOff', message: 'Amount must be greater than 0' },
  coupons_min_subtotal_not_negative: {
    field: 'minSubtotal',
    message: 'Minimum subtotal cannot be negative',
  },
  coupons_one_kind_of_discount: {
    field: 'percentOff',
    message: 'Give either a percent off or an amount off',
  },
}

/**
 * The Coupons tab (docs/product.md#coupons): list, create, change or deactivate. Coupons are never
 * deleted: their redemptions keep the history.
 */
export function createAdminCouponsService({ repo }: { repo: AdminCouponsRepo }) {
  return {
    async list(): Promise<AdminCoupon[]> {
      return (await repo.list()).map(toAdminCoupon)
    },

    async create(input: CouponCreateInput): Promise<AdminCoupon> {
      try {
        const row = await repo.insert({
          code: input.code,
          percentOff: input.percentOff ?? null,
          amountOff: decimalOrNull(input.amountOff),
          ...changesOf(input),
        })
        return toAdminCoupon(row)
      } catch (error) {
        // the unique index on lower(code) decides, so two admins racing cannot both create it
        if (databaseErrorOf(error)?.code === UNIQUE_VIOLATION) {
          throw new AppError('COUPON_CODE_TAKEN', {
            fields: { code: 'A coupon with this code already exists' },
          })
        }
        throw refusedByCheck(error) ?? error
      }
    },

    async update(id: string, input: CouponUpdateInput): Promise<AdminCoupon> {
      const changes = changesOf(input)
      let row: CouponRow | undefined
      try {
        row =
          Object.keys(changes).length === 0
            ? await repo.findById(id)
            : await repo.update(id, changes)
      } catch (error) {
        throw refusedByCheck(error) ?? error
      }
      if (!row) throw new AppError('COUPON_NOT_FOUND')
      return toAdminCoupon(row)
    },
  }
}

export type AdminCouponsService = ReturnType<typeof createAdminCouponsService>

/** the fields given (null clears one), without those left out */
function changesOf(input: CouponUpdateInput): CouponChanges {
  const changes: CouponChanges = {}
  if (input.active !== undefined) changes.active = input.active
  if (input.minSubtotal !== undefined) changes.minSubtotal = decimalOrNull(input.minSubtotal)
  if (input.maxRedemptions !== undefined) changes.maxRedemptions = input.maxRedemptions
  if (input.startsAt !== undefined) changes.startsAt = instantOf(input.startsAt)
  if (input.endsAt !== undefined) changes.endsAt = instantOf(input.endsAt)
  return changes
}

const decimalOrNull = (cents: Cents | null | undefined) =>
  cents === null || cents === undefined ? null : centsToDecimal(cents)

const instantOf = (value: string | null) => (value === null ? null : new Date(value))

function refusedByCheck(error: unknown): AppError | undefined {
  const refused = databaseErrorOf(error)
  if (refused?.code !== CHECK_VIOLATION) return undefined
  const known = refused.constraint === undefined ? undefined : CHECK_MESSAGES[refused.constraint]
  if (!known) return new AppError('BAD_REQUEST')
  return new AppError('BAD_REQUEST', {
    message: known.message,
    fields: { [known.field]: known.message },
  })
}

function toAdminCoupon(row: CouponRow): AdminCoupon {
  return {
    id: row.id,
    code: row.code,
    percentOff: row.percentOff,
    amountOff: row.amountOff,
    minSubtotal: row.minSubtotal,
    maxRedemptions: row.maxRedemptions,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    active: row.active,
    timesRedeemed: row.timesRedeemed,
    createdAt: row.createdAt.toISOString(),
  }
}
