/**
 * Delivery dates and the weekly schedule, in business time (America/Chicago, decisions §5).
 * Marketing copy reads the cut-off and the window from here, never from its own text.
 */

export const BUSINESS_TIME_ZONE = 'America/Chicago'

/** Orders placed before Wednesday 20:00 are delivered the coming Saturday. */
export const ORDER_CUTOFF = { weekday: 'Wednesday', hour: 20, label: 'Wednesday 8:00 PM' } as const

/** The edit deadline shown to customers: the minute before the cut-off. */
export const EDIT_DEADLINE_LABEL = 'Wednesday 7:59 PM'

export const DELIVERY_WINDOW = { weekday: 'Saturday', label: '5:00 AM – 5:00 PM' } as const

export const WEEKLY_SCHEDULE = [
  { day: 'Sunday – Wednesday', what: `Order by ${ORDER_CUTOFF.label}` },
  { day: 'Thursday', what: 'Farmers harvest your order' },
  { day: 'Friday', what: 'We pack it in our Houston kitchen' },
  { day: 'Saturday', what: `Delivered ${DELIVERY_WINDOW.label}` },
] as const
