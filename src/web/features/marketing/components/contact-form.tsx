import { ChevronDownIcon, SendIcon } from 'lucide-react'
import { lazy, Suspense, useState, type ChangeEvent } from 'react'
import { CONTACT_SUBJECTS, type ContactSubject } from '#shared/domain/contact-subjects.ts'
import { Button } from '#web/components/ui/button.tsx'
import { FormField, fieldErrorProps } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { preloadContactValidation } from '../api/send-contact-message.ts'
import { useContactForm, type ContactField } from '../hooks/use-contact-form.ts'

// the success modal (Radix Dialog) is fetched with the validation, when the form is first touched
// (the JavaScript budget: docs/decisions/0010-page-javascript-budget.md)
const loadSuccessDialog = () => import('./contact-success-dialog.tsx')
const ContactSuccessDialog = lazy(() =>
  loadSuccessDialog().then((module) => ({ default: module.ContactSuccessDialog })),
)

function preloadSubmit() {
  preloadContactValidation()
  loadSuccessDialog().catch(() => undefined)
}

const MESSAGE_MAX = 2000

/**
 * The contact form (docs/product.md#visitor-forms): checked with the same schema as the server, the
 * server's own field messages shown on their fields, 'Sending...' while pending, the success modal
 * (and an empty form) or the error toast. Its first render is plain controls: the schema loads on
 * first use.
 */
export function ContactForm({ subject }: { subject: ContactSubject }) {
  const form = useContactForm(subject)
  const { controlId, errors } = form
  const [successWanted, setSuccessWanted] = useState(false)
  if (form.sent && !successWanted) setSuccessWanted(true)

  const field = (name: ContactField) => ({
    id: controlId(name),
    value: form.values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      form.change(name, event.target.value),
    ...fieldErrorProps(controlId(name), errors[name]),
  })

  return (
    <>
      <form
        noValidate
        onSubmit={form.submit}
        onFocus={preloadSubmit}
        onInput={preloadSubmit}
        className="grid gap-5 sm:grid-cols-2"
      >
        <FormField controlId={controlId('firstName')} label="First name" error={errors.firstName}>
          <Input autoComplete="given-name" aria-required {...field('firstName')} />
        </FormField>
        <FormField controlId={controlId('lastName')} label="Last name" error={errors.lastName}>
          <Input autoComplete="family-name" aria-required {...field('lastName')} />
        </FormField>
        <FormField controlId={controlId('email')} label="Email" error={errors.email}>
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            aria-required
            {...field('email')}
          />
        </FormField>
        <FormField controlId={controlId('phone')} label="Phone" optional error={errors.phone}>
          <Input type="tel" autoComplete="tel" {...field('phone')} />
        </FormField>
        <FormField
          controlId={controlId('subject')}
          label="Subject"
          error={errors.subject}
          className="sm:col-span-2"
        >
          {/* the browser's own list (a phone shows its picker), with NativeSelect's look. Not
              NativeSelect itself: a module shared with the shop becomes a chunk of its own, and
              that costs the shop's first load 0.4 KB (docs/decisions/0010-page-javascript-budget.md) */}
          <div className="relative">
            <select
              className="h-10 w-full min-w-0 scroll-mt-36 cursor-pointer appearance-none rounded-md border border-input bg-card py-2 pr-9 pl-3 text-sm shadow-xs aria-invalid:border-destructive aria-invalid:ring-2 aria-invalid:ring-destructive/20"
              {...field('subject')}
            >
              {CONTACT_SUBJECTS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
            <ChevronDownIcon
              className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 opacity-60"
              aria-hidden
            />
          </div>
        </FormField>
        <FormField
          controlId={controlId('message')}
          label="Message"
          error={errors.message}
          className="sm:col-span-2"
          aside={
            <span className="text-xs text-muted-foreground tabular-nums">
              {form.values.message.length}/{MESSAGE_MAX}
            </span>
          }
        >
          <Textarea rows={6} placeholder="How can we help?" aria-required {...field('message')} />
        </FormField>
        <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">We reply within 24 hours.</p>
          <Button type="submit" size="lg" disabled={form.sending}>
            <SendIcon aria-hidden />
            {form.sending ? 'Sending...' : 'Send Message'}
          </Button>
        </div>
      </form>
      {successWanted ? (
        <Suspense fallback={null}>
          <ContactSuccessDialog
            open={form.sent}
            onOpenChange={form.setSent}
            onClosed={form.focusFirstField}
          />
        </Suspense>
      ) : null}
    </>
  )
}
