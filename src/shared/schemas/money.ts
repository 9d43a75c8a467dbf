import { z } from 'zod'
import { MONEY_INPUT_MESSAGES, readMoneyInput, type Cents } from '../domain/money.ts'

/**
 * A money field of a request: a JSON number or a string with at most two decimals, read into
 * whole cents (docs/product.md#pricing). A third decimal, a negative, NaN or an exponent is a
 * 400 with the field named. `messages` lets a form keep its own words (the product form's
 * 'Invalid price format').
 */
export function moneyInput(
  messages: Partial<Record<keyof typeof MONEY_INPUT_MESSAGES, string>> = {},
) {
  const say = { ...MONEY_INPUT_MESSAGES, ...messages }
  return z.union([z.number(), z.string()], { error: say.format }).transform((value, ctx): Cents => {
    const read = readMoneyInput(value)
    if (read.ok) return read.cents
    ctx.addIssue({ code: 'custom', message: say[read.problem] })
    return z.NEVER
  })
}

export const MoneyInputSchema = moneyInput()
