import { useId, useState, type FormEvent } from 'react'
import type { ContactSubject } from '#shared/domain/contact-subjects.ts'
import { toast } from '#web/components/ui/toast-store.ts'
import { ApiError, errorMessage } from '#web/lib/api-client.ts'
import {
  CONTACT_ERROR_MESSAGE,
  useSendContactMessage,
  validateContactMessage,
} from '../api/send-contact-message.ts'

export const CONTACT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'subject',
  'message',
] as const
export type ContactField = (typeof CONTACT_FIELDS)[number]
type ContactValues = Record<ContactField, string>
type ContactErrors = Partial<Record<ContactField, string>>

const emptyForm = (subject: ContactSubject): ContactValues => ({
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  subject,
  message: '',
})

/** Each contact field's message, from messages keyed by field (the schema's or the server's). */
function contactErrors(messages: Partial<Record<string, string>>): ContactErrors {
  return Object.fromEntries(CONTACT_FIELDS.map((field) => [field, messages[field]]))
}

/**
 * The contact form's state (docs/product.md#visitor-forms): its values, each field's message from
 * the server's own schema (loaded on first use) or from the server, the focus on the first invalid
 * field, and the success or the error toast. After a rejected submit a field re-checks as the
 * visitor changes it.
 */
export function useContactForm(subject: ContactSubject) {
  const idPrefix = useId()
  const controlId = (field: ContactField) => `${idPrefix}-${field}`
  const focusField = (field: ContactField) => document.getElementById(controlId(field))?.focus()
  const [values, setValues] = useState(() => emptyForm(subject))
  const [errors, setErrors] = useState<ContactErrors>({})
  const [submitted, setSubmitted] = useState(false)
  const [validating, setValidating] = useState(false)
  const [sent, setSent] = useState(false)
  const send = useSendContactMessage()

  // a link to /contact?subject=… while the page is open chooses that subject, keeping the rest
  const [linkedSubject, setLinkedSubject] = useState(subject)
  if (subject !== linkedSubject) {
    setLinkedSubject(subject)
    setValues((current) => ({ ...current, subject }))
  }

  function showErrors(next: ContactErrors) {
    setErrors(next)
    const firstInvalid = CONTACT_FIELDS.find((field) => next[field] !== undefined)
    if (firstInvalid) focusField(firstInvalid)
  }

  function failed(description: string) {
    toast({ variant: 'destructive', title: 'Error', description })
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (validating || send.isPending) return
    setSubmitted(true)
    setValidating(true)
    let result
    try {
      result = await validateContactMessage(values)
    } catch {
      // the schema's chunk could not load (offline, a new deploy): as a failed send
      failed(CONTACT_ERROR_MESSAGE)
      return
    } finally {
      setValidating(false)
    }
    if (!result.success) {
      showErrors(contactErrors(result.errors))
      return
    }
    setErrors({})
    send.mutate(result.data, {
      onSuccess: () => {
        setValues(emptyForm(subject))
        setSubmitted(false)
        setSent(true)
      },
      onError: (error) => {
        if (error instanceof ApiError) showErrors(contactErrors(error.fieldErrors))
        failed(errorMessage(error, CONTACT_ERROR_MESSAGE))
      },
    })
  }

  function change(field: ContactField, value: string) {
    const next = { ...values, [field]: value }
    setValues(next)
    if (!submitted) return
    validateContactMessage(next).then(
      (result) =>
        setErrors((current) => ({
          ...current,
          [field]: result.success ? undefined : result.errors[field],
        })),
      () => undefined,
    )
  }

  return {
    controlId,
    values,
    change,
    errors,
    submit,
    sending: send.isPending,
    sent,
    setSent,
    focusFirstField: () => focusField('firstName'),
  }
}
