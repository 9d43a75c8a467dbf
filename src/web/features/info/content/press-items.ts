/**
 * A mention of the shop in the press: outlet, title, date, excerpt, link, featured
 * (docs/product.md#pages).
 */
export interface PressItem {
  outlet: string
  title: string
  /** ISO date of publication */
  date: string
  excerpt: string
  /** where "Read More" goes; without one the item has no link (docs/product.md#pages) */
  link?: string
  featured?: boolean
}

/** Newest first; the featured item is shown large and left out of the grid. */
export const PRESS_ITEMS: readonly PressItem[] = [
  {
    outlet: 'Bayou City Table',
    title: 'The Saturday crate that is changing how Houston buys vegetables',
    date: '2025-06-14',
    excerpt:
      'Order by Wednesday, harvest on Thursday, at your door on Saturday. We followed one week of orders from a Waller County field to a kitchen in Montrose, and met the farmers who now plant for orders instead of hope.',
    link: '/how-it-works',
    featured: true,
  },
  {
    outlet: 'Third Coast Business Journal',
    title: 'Local grocery start-up closes $2.5M round to grow its farm network',
    date: '2025-05-02',
    excerpt:
      'The funding will pay for a second cold room and for longer contracts with growers, who are paid 20–30% above wholesale.',
  },
  {
    outlet: 'Gulf Coast Grower',
    title: 'Why farmers within 75 miles of Houston are signing up',
    date: '2025-03-21',
    excerpt:
      'Steady weekly orders, paid on time, and a buyer who visits the farm before listing it: growers explain what made them switch.',
    link: '/our-standards',
  },
  {
    outlet: 'Houston Food Weekly',
    title: 'Less than 1% waste: the math behind ordering first and harvesting second',
    date: '2025-02-09',
    excerpt:
      'A grocery that buys only what its customers have already chosen throws almost nothing away. What is left on Friday goes to food banks.',
  },
  {
    outlet: 'Heights Neighbor',
    title: 'Five thousand households and counting',
    date: '2024-11-30',
    excerpt:
      'From the Heights to Sugar Land, families describe what changed when their weekly groceries started coming from named farms.',
  },
  {
    outlet: 'Texas Harvest Radio',
    title: 'Fair prices, fresh food: an interview with the founders',
    date: '2024-09-18',
    excerpt:
      'On paying farmers 30% above wholesale, returnable crates, and why delivery happens on Saturday only.',
  },
]
