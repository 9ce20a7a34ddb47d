import { type Dispatch, type SetStateAction, useCallback, useState } from 'react'

/** A form's errors by field name; `form` (or `''`) is the form's own, not any field's. */
export type FieldErrors = Record<string, string>

export interface FieldErrorsState {
  errors: FieldErrors
  setErrors: Dispatch<SetStateAction<FieldErrors>>
  /**
   * The user changed these fields: their errors go now, not at the next submit (an error under a
   * field the user already fixed misleads). The form's own error stays until the next submit.
   */
  changed: (...fields: string[]) => void
}

/** The errors of an account form (sign-up, reset, demo), cleared field by field as the user edits. */
export function useFieldErrors(initial: FieldErrors = {}): FieldErrorsState {
  const [errors, setErrors] = useState<FieldErrors>(initial)
  const changed = useCallback((...fields: string[]) => {
    setErrors((old) => {
      if (!fields.some((field) => field in old)) return old
      const left = { ...old }
      for (const field of fields) delete left[field]
      return left
    })
  }, [])
  return { errors, setErrors, changed }
}

/** Whether any field (not the form as a whole) has an error. */
export function hasFieldErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).some((field) => field !== 'form' && field !== '')
}
