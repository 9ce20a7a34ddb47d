import { type FormEvent, type RefObject, useCallback, useEffect, useRef, useState } from 'react'
import { type FieldErrors, type FieldErrorsState, useFieldErrors } from './useFieldErrors.ts'

/**
 * What a submit answers: the errors to show (by field; `form` or `''` for the form's own), or
 * nothing when the step went through.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a step that went through may simply end (no `return undefined`)
export type Refusal = FieldErrors | undefined | void

export interface SubmitSteps {
  /**
   * The check made here before anything is sent: the errors it finds, or nothing. May wait (a
   * schema loaded on first use keeps zod out of the page's first load).
   */
  validate?: () => Refusal | Promise<Refusal>
  /** The call and the mapping of its answer: the errors to show, or nothing. */
  send: () => Promise<Refusal>
}

export interface FormSubmit extends FieldErrorsState {
  /** True while a call is under way: the button says so, a second submit is ignored. */
  busy: boolean
  /** The `ref` of the `<form>`: where the first error is looked for after a refusal. */
  form: RefObject<HTMLFormElement | null>
  /** Validates, sends, maps, shows: once at a time; the errors it ends with are focused. */
  run: (steps: SubmitSteps) => Promise<void>
  /** `onSubmit` of a form whose every submit runs `steps` (the event's default post prevented). */
  submitWith: (steps: SubmitSteps) => (event: FormEvent<HTMLFormElement>) => void
  /** Shows errors found outside a submit (a resend, an answer that came back later), focused too. */
  refuse: (errors: FieldErrors) => void
}

const hasAny = (refusal: Refusal): refusal is FieldErrors =>
  refusal !== undefined && Object.keys(refusal).length > 0

/**
 * Where focus goes after a refused step, as after a full page load of the answer: the first field
 * in error (in the order of the form), else the form's message. The submit button was disabled
 * while busy, which drops focus to `<body>`: keyboard and screen-reader users would lose their place.
 */
export function focusFirstError(container: HTMLElement | null): void {
  if (!container) return
  const target =
    container.querySelector<HTMLElement>('[aria-invalid="true"]') ??
    container.querySelector<HTMLElement>('.form-error:not(:empty), .field-error:not(:empty)') ??
    container.querySelector<HTMLElement>('[role="alert"]:not(:empty)')
  if (!target) return
  // A message is not focusable by itself: focusable from script only, not a tab stop.
  if (!target.matches('input, select, textarea, button, a[href], [tabindex]')) target.tabIndex = -1
  target.focus()
}

/**
 * The submit plumbing of every account form: busy, the check before sending, the errors by field
 * (cleared field by field as the user edits, useFieldErrors), the call, the answer's mapping, and
 * focus on the first error after a refusal.
 */
export function useFormSubmit(initialErrors?: FieldErrors): FormSubmit {
  const fieldErrors = useFieldErrors(initialErrors)
  const { setErrors } = fieldErrors
  const [busy, setBusy] = useState(false)
  // A ref as well as state: two submits in one tick (Enter pressed twice) see the first at once.
  const running = useRef(false)
  const form = useRef<HTMLFormElement>(null)
  const [refusals, setRefusals] = useState(0)
  useEffect(() => {
    // A step with several forms (reset's wait) may tie none: the page's first error then.
    if (refusals > 0) focusFirstError(form.current ?? document.body)
  }, [refusals])

  const refuse = useCallback(
    (errors: FieldErrors) => {
      setErrors(errors)
      setRefusals((count) => count + 1)
    },
    [setErrors],
  )

  const run = useCallback(
    async ({ validate, send }: SubmitSteps) => {
      if (running.current) return
      running.current = true
      try {
        const invalid = await validate?.()
        if (hasAny(invalid)) return refuse(invalid)
        setBusy(true)
        setErrors({})
        const refused = await send()
        if (hasAny(refused)) refuse(refused)
      } finally {
        running.current = false
        setBusy(false)
      }
    },
    [refuse, setErrors],
  )

  const submitWith = useCallback(
    (steps: SubmitSteps) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      void run(steps)
    },
    [run],
  )

  return { ...fieldErrors, busy, form, run, submitWith, refuse }
}
