import { ArrowRightIcon, MapIcon } from 'lucide-react'
import { Link, useNavigate, useSearchParams } from '#web/lib/router.tsx'
import { comingSaturday } from '#shared/domain/delivery.ts'
import { paths } from '#shared/routes.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx'
import { CouponsTab } from './coupons-tab.tsx'
import { EmailsTab } from './emails-tab.tsx'
import { FailedEmailsSection } from './failed-emails-section.tsx'
import { JobsTab } from './jobs-tab.tsx'
import { MessagesTab } from './messages-tab.tsx'
import { OrdersTab } from './orders-tab.tsx'
import { StaffTab } from './staff-tab.tsx'

const TABS = [
  'orders',
  'jobs',
  'products',
  'producers',
  'messages',
  'emails',
  'coupons',
  'staff',
] as const
type Tab = (typeof TABS)[number]
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab)

/**
 * /admin (docs/product.md#admin): Orders, This week (its own page, docs/product.md#the-week), Jobs (the cut-off's runs), Products and Producers
 * (pointers to their pages), Messages, Emails (the mailing lists and the e-mails that failed to
 * send), Coupons, Staff (admins, drivers and their invitations).
 */
export function AdminDashboard() {
  const [searchParams, setSearchParams] = useSearchParams()
  const requested = searchParams.get('tab')
  const tab: Tab = isTab(requested) ? requested : 'orders'
  const navigate = useNavigate()

  return (
    <>
      <div className="flex flex-col gap-3 py-8 sm:flex-row sm:items-end sm:justify-between">
        <h1 className="text-3xl font-semibold text-forest sm:text-4xl">Dashboard</h1>
        <Button asChild variant="outline">
          <Link to={paths.adminWeekRoutes(comingSaturday(new Date()))}>
            <MapIcon aria-hidden />
            Saturday routes
          </Link>
        </Button>
      </div>
      <Tabs
        value={tab}
        onValueChange={(next) => {
          // "This week" is a page of its own, on the Saturday the shop is working towards
          if (next === 'week') void navigate(`/admin/week/${comingSaturday(new Date())}`)
          else setSearchParams(next === 'orders' ? {} : { tab: next }, { replace: true })
        }}
      >
        {/* every tab in sight: three to a row on a phone, a row that wraps when wider
            (docs/product.md#admin) */}
        <TabsList layout="grid" className="w-full grid-cols-3 sm:flex sm:w-fit sm:flex-wrap">
          <TabsTrigger value="orders">Orders</TabsTrigger>
          <TabsTrigger value="week">This week</TabsTrigger>
          <TabsTrigger value="jobs">Jobs</TabsTrigger>
          <TabsTrigger value="products">Products</TabsTrigger>
          <TabsTrigger value="producers">Producers</TabsTrigger>
          <TabsTrigger value="messages">Messages</TabsTrigger>
          <TabsTrigger value="emails">Emails</TabsTrigger>
          <TabsTrigger value="coupons">Coupons</TabsTrigger>
          <TabsTrigger value="staff">Staff</TabsTrigger>
        </TabsList>
        <TabsContent value="orders">
          <OrdersTab />
        </TabsContent>
        <TabsContent value="jobs">
          <JobsTab />
        </TabsContent>
        <TabsContent value="products">
          <section className="flex flex-col items-start gap-4 rounded-2xl border border-border bg-card p-6">
            <h2 className="text-xl font-semibold text-forest">Products</h2>
            <p className="text-muted-foreground">
              Add, edit and remove products, with their images, on the products page.
            </p>
            <Button asChild>
              <Link to="/admin/products">
                Manage products
                <ArrowRightIcon aria-hidden />
              </Link>
            </Button>
          </section>
        </TabsContent>
        <TabsContent value="producers">
          <section className="flex flex-col items-start gap-4 rounded-2xl border border-border bg-card p-6">
            <h2 className="text-xl font-semibold text-forest">Producers</h2>
            <p className="text-muted-foreground">
              Add and edit the producers behind the products: their pages, logos, stories and who
              receives the weekly harvest list.
            </p>
            <Button asChild>
              <Link to="/admin/producers">
                Manage producers
                <ArrowRightIcon aria-hidden />
              </Link>
            </Button>
          </section>
        </TabsContent>
        <TabsContent value="messages">
          <MessagesTab />
        </TabsContent>
        <TabsContent value="emails">
          <div className="flex flex-col gap-10">
            <EmailsTab />
            <FailedEmailsSection />
          </div>
        </TabsContent>
        <TabsContent value="coupons">
          <CouponsTab />
        </TabsContent>
        <TabsContent value="staff">
          <StaffTab />
        </TabsContent>
      </Tabs>
    </>
  )
}
