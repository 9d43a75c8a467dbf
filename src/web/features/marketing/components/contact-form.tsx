import { zodResolver } from '@hookform/resolvers/zod'
import { SendIcon } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { CONTACT_SUBJECTS, type ContactSubject } from '#shared/domain/contact-subjects.ts'
import { ContactMessageInputSchema, type ContactMessageInput } from '#shared/schemas/contact.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#web/components/ui/select.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { ApiError, errorMessage } from '#web/lib/api-client.ts'
import { CONTACT_ERROR_MESSAGE, useSendContactMessage } from '../api/send-contact-message.ts'
import { ContactSuccessDialog } from './contact-success-dialog.tsx'
import { FormField, fieldErrorProps } from '#web/components/ui/form-field.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'subject', 'message'] as const
type ContactField = (typeof FIELDS)[number]
const isContactField = (key: string): key is ContactField =>
  (FIELDS as readonly string[]).includes(key)

const MESSAGE_MAX = 2000

const emptyForm = (subject: ContactSubject): ContactMessageInput => ({
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  subject,
  message: '',
})

/**
 * The contact form (docs/product.md#visitor-forms): checked with the same schema as the server, the
 * server's own field messages shown on their fields, 'Sending...' while pending, the success modal
 * (and an empty form) or the error toast.
 */
export function ContactForm({ subject }: { subject: ContactSubject }) {
  const idPrefix = useId()
  const controlId = (field: ContactField) => `${idPrefix}-${field}`
  const [sent, setSent] = useState(false)
  const send = useSendContactMessage()
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setFocus,
    setValue,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ContactMessageInputSchema),
    defaultValues: emptyForm(subject),
  })

  // a link to /contact?subject=… while the page is open chooses that subject, keeping the rest
  useEffect(() => setValue('subject', subject), [subject, setValue])

  const onSubmit = handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => {
        reset(emptyForm(subject))
        setSent(true)
      },
      onError: (error) => {
        const fieldErrors = error instanceof ApiError ? Object.entries(error.fieldErrors) : []
        for (const [field, message] of fieldErrors) {
          if (isContactField(field)) setError(field, { type: 'server', message })
        }
        toast({
          variant: 'destructive',
          title: 'Error',
          description: errorMessage(error, CONTACT_ERROR_MESSAGE),
        })
      },
    }),
  )

  const field = (name: ContactField) => ({
    id: controlId(name),
    ...fieldErrorProps(controlId(name), errors[name]?.message),
  })
  const messageLength = useWatch({ control, name: 'message' }).length

  return (
    <>
      <form noValidate onSubmit={onSubmit} className="grid gap-5 sm:grid-cols-2">
        <FormField
          controlId={controlId('firstName')}
          label="First name"
          error={errors.firstName?.message}
        >
          <Input
            autoComplete="given-name"
            aria-required
            {...field('firstName')}
            {...register('firstName')}
          />
        </FormField>
        <FormField
          controlId={controlId('lastName')}
          label="Last name"
          error={errors.lastName?.message}
        >
          <Input
            autoComplete="family-name"
            aria-required
            {...field('lastName')}
            {...register('lastName')}
          />
        </FormField>
        <FormField controlId={controlId('email')} label="Email" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            aria-required
            {...field('email')}
            {...register('email')}
          />
        </FormField>
        <FormField
          controlId={controlId('phone')}
          label="Phone"
          optional
          error={errors.phone?.message}
        >
          <Input type="tel" autoComplete="tel" {...field('phone')} {...register('phone')} />
        </FormField>
        <FormField
          controlId={controlId('subject')}
          label="Subject"
          error={errors.subject?.message}
          className="sm:col-span-2"
        >
          <Controller
            control={control}
            name="subject"
            render={({ field: subjectField }) => (
              <Select
                value={subjectField.value}
                onValueChange={subjectField.onChange}
                name={subjectField.name}
              >
                <SelectTrigger
                  ref={subjectField.ref}
                  onBlur={subjectField.onBlur}
                  {...field('subject')}
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {CONTACT_SUBJECTS.map((option) => (
                    <SelectItem key={option.value} value={option.value}>
                      {option.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </FormField>
        <FormField
          controlId={controlId('message')}
          label="Message"
          error={errors.message?.message}
          className="sm:col-span-2"
          aside={
            <span className="text-xs text-muted-foreground tabular-nums">
              {messageLength}/{MESSAGE_MAX}
            </span>
          }
        >
          <Textarea
            rows={6}
            placeholder="How can we help?"
            aria-required
            {...field('message')}
            {...register('message')}
          />
        </FormField>
        <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">We reply within 24 hours.</p>
          <Button type="submit" size="lg" disabled={send.isPending}>
            <SendIcon aria-hidden />
            {send.isPending ? 'Sending...' : 'Send Message'}
          </Button>
        </div>
      </form>
      <ContactSuccessDialog
        open={sent}
        onOpenChange={setSent}
        onClosed={() => setFocus('firstName')}
      />
    </>
  )
}
