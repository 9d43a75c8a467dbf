import { Clock3Icon, MailIcon, MapPinIcon, MessageCircleReplyIcon, PhoneIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { SITE } from '#shared/site-content.ts'

const BUSINESS_HOURS = [
  { days: 'Mon-Fri', hours: '9am-6pm' },
  { days: 'Sat', hours: '10am-4pm' },
  { days: 'Sun', hours: 'Closed' },
] as const

/**
 * The contact page's Quick Contact panel (docs/product.md#site-content). Phone hours are in
 * Central Time, like the business hours: the shop is in Houston.
 */
export function QuickContact() {
  const { address } = SITE
  const [mailbox, domain] = SITE.email.split('@')
  return (
    <aside
      aria-labelledby="quick-contact"
      className="flex flex-col gap-6 rounded-2xl bg-forest p-6 text-cream sm:p-8"
    >
      <h2 id="quick-contact" className="text-2xl font-semibold text-white">
        Quick Contact
      </h2>
      <ul className="flex flex-col gap-5">
        <Item icon={<PhoneIcon />} title="Call us">
          <a href={SITE.phone.href} className="font-semibold text-white hover:underline">
            {SITE.phone.display}
          </a>
          <span>Mon-Fri 9am-6pm Central Time</span>
        </Item>
        <Item icon={<MailIcon />} title="Email us">
          <a href={`mailto:${SITE.email}`} className="font-semibold text-white hover:underline">
            {/* a narrow panel wraps the address after the @, never inside a word */}
            {mailbox}@<wbr />
            {domain}
          </a>
        </Item>
        <Item icon={<MapPinIcon />} title={address.label}>
          <address className="not-italic">
            {address.street}
            <br />
            {address.city}, {address.state} {address.zip}
          </address>
        </Item>
        <Item icon={<Clock3Icon />} title="Business hours">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            {BUSINESS_HOURS.map((row) => (
              <div key={row.days} className="contents">
                <dt>{row.days}</dt>
                <dd>{row.hours}</dd>
              </div>
            ))}
          </dl>
        </Item>
        <Item icon={<MessageCircleReplyIcon />} title="Quick replies">
          <span>We answer every message within 24 hours.</span>
        </Item>
      </ul>
    </aside>
  )
}

function Item({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white/10 text-butter [&_svg]:size-5"
        aria-hidden
      >
        {icon}
      </span>
      <div className="flex flex-col gap-1 text-sm text-cream/90">
        <h3 className="font-sans text-xs font-semibold tracking-wide text-butter uppercase">
          {title}
        </h3>
        {children}
      </div>
    </li>
  )
}
