import type { FormEventHandler, ReactNode, RefObject } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import type { SignUpFormStep } from '../../../../shared/api/sign-up-flow.ts'
import type { FormState } from '../../../../shared/forms/form-state.ts'
import { useTranslation } from '../../../translation.tsx'
import { preloadSignUpSchemas } from './schemas.ts'

/**
 * Every step of the sign-up is a `<form method="post">` to `/auth/sign_up` (issue 21): with
 * JavaScript the page handles the submit itself, as before; without it (or before the scripts
 * ran) the server runs the same step (server/routes/sign-up-form.server.ts) and answers the page.
 */
export function usePlainForm(step: SignUpFormStep) {
  const { language, signUpResume } = usePageContext()
  return {
    method: 'post' as const,
    action: `/auth/sign_up${language === 'zh' ? '?language=zh' : ''}`,
    hidden: (
      <>
        <input type="hidden" name="step" value={step} />
        {/* The session-bound form token; the cached first form has none (ADR 0089). */}
        {signUpResume?.csrfToken ? <input type="hidden" name="_csrf" value={signUpResume.csrfToken} /> : null}
      </>
    ),
  }
}

/**
 * A step's form as every step writes it: posted plainly without JavaScript, titled by the heading
 * the page focuses when the step changes (+Page.tsx) and by the step's `title` and `lead` texts,
 * then the step's own fields. `preload`: the first keystroke or tap loads the schemas its submit
 * checks against.
 */
export function StepForm({
  step,
  form,
  onSubmit,
  preload = false,
  leadValues,
  children,
}: {
  step: 'credentials' | 'setup' | 'questionnaire'
  form: RefObject<HTMLFormElement | null>
  onSubmit: FormEventHandler<HTMLFormElement>
  preload?: boolean
  leadValues?: Record<string, string>
  children: ReactNode
}) {
  const { t } = useTranslation('signUp')
  const plain = usePlainForm(step)
  return (
    <form
      ref={form}
      method={plain.method}
      action={plain.action}
      className="sign-up-form"
      onSubmit={onSubmit}
      onPointerDown={preload ? preloadSignUpSchemas : undefined}
      onInput={preload ? preloadSignUpSchemas : undefined}
      noValidate
      aria-labelledby="sign-up-title"
    >
      {plain.hidden}
      <h1 id="sign-up-title" tabIndex={-1}>
        {t(`${step}.title`)}
      </h1>
      <p className="lead">{t(`${step}.lead`, leadValues)}</p>
      {children}
    </form>
  )
}

/** The server's answer to a sign-up form posted without JavaScript, if this render is one. */
export function usePostedSignUp(): FormState | null {
  const { formState } = usePageContext()
  return formState?.form === 'signUp' ? formState : null
}

/** A typed value the server filled back in ('' when none). */
export function typedValue(posted: FormState | null, name: string): string {
  const value = posted?.values[name]
  return typeof value === 'string' ? value : ''
}

/** Typed choices (checkboxes) the server filled back in. */
export function typedChoices(posted: FormState | null, name: string): string[] {
  const value = posted?.values[name]
  return Array.isArray(value) ? value : []
}
