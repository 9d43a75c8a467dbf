import { useSearchParams } from '#web/lib/router.tsx'
import { CONTACT_SUBJECTS, type ContactSubject } from '#shared/domain/contact-subjects.ts'
import { ContactForm } from '#web/features/marketing/components/contact-form.tsx'
import { QuickContact } from '#web/features/marketing/components/quick-contact.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'

/**
 * ?subject=partnership (corporate wellness' "Contact Sales"; docs/product.md#visitor-forms) chooses
 * the subject.
 */
function subjectFrom(value: string | null): ContactSubject {
  return CONTACT_SUBJECTS.find((subject) => subject.value === value)?.value ?? 'general'
}

/**
 * /contact (docs/product.md#visitor-forms): a hero banner, the contact form and the Quick Contact
 * panel.
 */
export default function ContactPage() {
  usePageTitle('Contact Us')
  const [searchParams] = useSearchParams()
  const subject = subjectFrom(searchParams.get('subject'))
  return (
    <>
      <section className="bg-wheat">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-12 sm:px-6 md:py-16">
          <p className="text-sm font-semibold tracking-wide text-forest uppercase">
            We&apos;re here to help
          </p>
          <h1 className="text-4xl font-semibold text-forest sm:text-5xl">Contact Us</h1>
          <p className="max-w-2xl text-lg text-charcoal/85">
            A question about your Saturday delivery, a farm you&apos;d like us to meet, or an idea
            for a partnership? Write to us: a real person on our Houston team reads every message.
          </p>
        </div>
      </section>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:py-14 lg:grid-cols-[1fr_24rem] lg:items-start">
        <section
          aria-labelledby="contact-form-title"
          className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8"
        >
          <h2 id="contact-form-title" className="mb-1 text-2xl font-semibold text-forest">
            Send us a message
          </h2>
          <p className="mb-6 text-muted-foreground">
            Fill in the form and we&apos;ll get back to you by e-mail.
          </p>
          <ContactForm subject={subject} />
        </section>
        <QuickContact />
      </div>
    </>
  )
}
