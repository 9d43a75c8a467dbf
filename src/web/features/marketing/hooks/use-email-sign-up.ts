import type { UseMutationResult } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { ApiError } from '#web/lib/api-client.ts'
import {
  SIGN_UP_ERROR_MESSAGE,
  signUpErrorMessage,
  type SignUpResult,
  type SignUpValidation,
} from '../api/sign-up-validation.ts'

/**
 * The state of a one-field e-mail sign-up (waitlist, newsletter): the address, its validation
 * message under the field, and the alert for a failed request. After a rejected submit the
 * field re-checks as the visitor types, as the contact form does.
 */
export function useEmailSignUp<TInput>({
  toInput,
  validate,
  mutation,
  onSuccess,
}: {
  toInput: (email: string) => TInput
  validate: (input: TInput) => Promise<SignUpValidation<TInput>>
  mutation: UseMutationResult<SignUpResult, Error, TInput>
  onSuccess?: (result: SignUpResult) => void
}) {
  // the field's id: the form renders it, and a rejected submit puts the focus back in it
  const inputId = useId()
  const focusInput = () => document.getElementById(inputId)?.focus()
  const [email, setEmail] = useState('')
  const [fieldError, setFieldError] = useState<string>()
  const [formError, setFormError] = useState<string>()
  const [validating, setValidating] = useState(false)
  const pending = validating || mutation.isPending

  async function check(value: string) {
    const result = await validate(toInput(value))
    if (result.success) return result.data
    // the only field a visitor can fix is the address; anything else is ours to fix
    if (result.errors.email) setFieldError(result.errors.email)
    else setFormError(SIGN_UP_ERROR_MESSAGE)
    return undefined
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    setFormError(undefined)
    setValidating(true)
    let input: TInput | undefined
    try {
      input = await check(email)
    } catch {
      // the schema's chunk could not load (offline, a new deploy): the same alert as a failed call
      setFormError(SIGN_UP_ERROR_MESSAGE)
      return
    } finally {
      setValidating(false)
    }
    if (input === undefined) {
      focusInput()
      return
    }
    setFieldError(undefined)
    mutation.mutate(input, {
      onSuccess: (result) => {
        setEmail('')
        onSuccess?.(result)
      },
      onError: (error) => {
        const serverFieldError = error instanceof ApiError ? error.fieldErrors.email : undefined
        if (serverFieldError) {
          setFieldError(serverFieldError)
          focusInput()
        } else {
          setFormError(signUpErrorMessage(error))
        }
      },
    })
  }

  function change(value: string) {
    setEmail(value)
    setFormError(undefined)
    if (fieldError === undefined) return
    validate(toInput(value)).then(
      (result) => setFieldError(result.success ? undefined : result.errors.email),
      () => undefined,
    )
  }

  return { inputId, email, change, fieldError, formError, pending, submit }
}

export type EmailSignUp = ReturnType<typeof useEmailSignUp>
