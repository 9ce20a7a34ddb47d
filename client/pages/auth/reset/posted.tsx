import { type ComponentProps, createContext, useContext } from 'react'
import { type ResetFormStep, resetFormAction } from '../../../../shared/forms/reset-form.ts'

/**
 * What the server said about the step it rendered (a plain post's answer or a reload with a reset
 * under way, issue 21): the typed values, the errors by field (`form` is the form's own), the resend
 * time, a notice; and for every form of the page the form token and the page's language.
 */
export interface ResetPosted {
  values: Record<string, string>
  errors: Record<string, string>
  resendAt?: string | undefined
  notice?: string | undefined
  formToken?: string | undefined
  /** The page's `?language=`, kept on every form's action. */
  languageParam?: string | undefined
}

export const ResetPostedContext = createContext<ResetPosted>({ values: {}, errors: {} })

export const usePosted = (): ResetPosted => useContext(ResetPostedContext)

interface ResetFormProps extends Omit<ComponentProps<'form'>, 'action' | 'method'> {
  step: ResetFormStep
}

/**
 * A form of the reset page: with JavaScript its `onSubmit` runs the step in the page; without (or
 * before the scripts ran) the browser posts it to the step on the server, with the form token.
 */
export function ResetForm({ step, children, ...form }: ResetFormProps) {
  const { formToken, languageParam } = usePosted()
  return (
    <form method="post" action={resetFormAction(step, languageParam)} noValidate {...form}>
      {formToken ? <input type="hidden" name="_csrf" value={formToken} /> : null}
      {children}
    </form>
  )
}
