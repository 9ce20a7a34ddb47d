import { type FormEvent, useEffect, useState } from 'react'
import { useHydrated } from 'vike-react/useHydrated'
import { resetEndpoints } from '../../../../shared/api/endpoints/reset.ts'
import { resetLinkSteps } from '../../../../shared/api/flow-steps.ts'
import { CODE_LENGTH } from '../../../../shared/api/limits.ts'
import { RESEND_WAIT_SECONDS } from '../../../../shared/api/reset-flow.ts'
import { RET_CODES } from '../../../../shared/api/ret-codes.ts'
import { isSuccess } from '../../../../shared/envelope.ts'
import { resetError } from '../../../../shared/forms/reset-errors.ts'
import { resetLinkIdOf } from '../../../../shared/forms/reset-form.ts'
import { checkResetCodeSchema } from '../../../../shared/schemas/reset.ts'
import { useApiClient } from '../../../api.ts'
import { Field } from '../../../components/form/Field.tsx'
import { PastedLinkField } from '../../../components/form/PastedLinkField.tsx'
import { schemaErrors } from '../../../components/form/schema-errors.ts'
import { useFormSubmit } from '../../../components/form/useFormSubmit.ts'
import { ResendButton } from '../../../components/time/ResendButton.tsx'
import { useCountdown } from '../../../components/time/useCountdown.ts'
import { useTranslation } from '../../../translation.tsx'
import { ResetForm, usePosted } from './posted.tsx'

interface WaitStepProps {
  via: 'email' | 'phone'
  account: string
  areaCode?: string
  resendInSeconds: number
  /** The texted code was accepted: on to the new password. */
  onVerified: () => void
  onRestart: () => void
  /** A pasted e-mailed link the upstream accepted (its address), or refused. */
  onLinkChecked: (email: string) => void
  onLinkExpired: () => void
}

/**
 * After sending: "check your email" (the link does the rest) or the texted code's input. Either
 * way a resend is offered once the one-minute wait (spec §9) has run down, with the countdown shown.
 */
export function WaitStep({
  via,
  account,
  areaCode,
  resendInSeconds,
  onVerified,
  onRestart,
  onLinkChecked,
  onLinkExpired,
}: WaitStepProps) {
  const { t } = useTranslation()
  const api = useApiClient()
  const countdown = useCountdown()
  const posted = usePosted()
  // Before the scripts run (or without them) the resend is a form the server answers, and the
  // wait is the time it ends at; once hydrated, the countdown of today's page.
  const hydrated = useHydrated()
  const [code, setCode] = useState(posted.values.code ?? '')
  const form = useFormSubmit(posted.errors)
  const { errors, changed, busy } = form
  const [notice, setNotice] = useState(posted.notice ?? '')
  const { start } = countdown
  useEffect(() => start(resendInSeconds), [resendInSeconds, start])

  function resend() {
    if (countdown.seconds > 0) return
    void form.run({ send: resendNow })
  }

  async function resendNow() {
    setNotice('')
    const answer =
      via === 'email'
        ? await api.call(resetEndpoints.sendResetEmail, { data: { email: account }, throws: false })
        : await api.call(resetEndpoints.sendSmsRandomCode, {
            data: { areaCode, phone: account },
            throws: false,
          })
    if (isSuccess(answer)) {
      setNotice(t('reset:resent'))
      start(RESEND_WAIT_SECONDS)
      return
    }
    // 700631 means the upstream's minute is not over yet: wait it out again.
    if (answer.retCode === RET_CODES.tooSoon) start(RESEND_WAIT_SECONDS)
    return { form: resetError(answer, t, 'other').message }
  }

  /** The pasted link, checked as the page checks a link it was opened with (no reload). */
  const useLink = (event: FormEvent<HTMLFormElement>) => {
    const id = resetLinkIdOf(String(new FormData(event.currentTarget).get('link') ?? ''))
    form.submitWith({
      validate: () => (id ? undefined : { link: t('reset:linkInvalid') }),
      send: async () => {
        const answer = await api.call(resetLinkSteps.check, { data: { id }, throws: false })
        if (isSuccess(answer)) return onLinkChecked(String((answer.item as { email?: unknown }).email ?? ''))
        if (Number(answer.retCode) >= 500) return { form: answer.retMsg }
        onLinkExpired()
      },
    })(event)
  }

  const verify = form.submitWith({
    validate: () => schemaErrors(checkResetCodeSchema.safeParse({ code }), t),
    send: async () => {
      setNotice('')
      const answer = await api.call(resetEndpoints.checkFindPwd, { data: { code }, throws: false })
      if (isSuccess(answer)) return onVerified()
      const problem = resetError(answer, t, 'code')
      return { [problem.field]: problem.message }
    },
  })

  const resendButton = hydrated ? (
    <ResendButton
      secondsLeft={countdown.seconds}
      busy={busy}
      onResend={resend}
      className="button"
      testId="reset-resend"
      label={t('reset:resend')}
      waitLabel={(seconds) => t('reset:resendIn', { seconds })}
    />
  ) : (
    <ResetForm step="resend" className="reset-resend">
      {/* Once refused, the form's error says the same: said once. */}
      {posted.resendAt && !errors.form ? (
        <p className="form-notice">
          {t(via === 'email' ? 'reset:resendLinkAt' : 'reset:resendCodeAt', { time: posted.resendAt })}
        </p>
      ) : null}
      <button type="submit" className="button" data-testid="reset-resend">
        {t('reset:resend')}
      </button>
    </ResetForm>
  )

  return (
    <>
      <h1 id="reset-title" tabIndex={-1}>
        {via === 'email' ? t('reset:sentTitle') : t('reset:codeTitle')}
      </h1>
      <p>{via === 'email' ? t('reset:sentBody', { account }) : t('reset:codeBody', { account })}</p>
      {via === 'phone' && (
        <ResetForm
          step="code"
          onSubmit={verify}
          aria-describedby={errors.form ? 'reset-wait-error' : undefined}
        >
          <Field
            id="reset-code"
            label={t('reset:code')}
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            value={code}
            // A pasted "123 456" or "Code: 123456" still gives the six digits.
            onChange={(event) => {
              setCode(event.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))
              changed('code')
            }}
            error={errors.code}
            autoFocus
          />
          <button type="submit" className="button primary" disabled={busy} aria-busy={busy}>
            {busy ? t('reset:working') : t('reset:verify')}
          </button>
        </ResetForm>
      )}
      {via === 'email' && (
        // A link opened where no script runs (or it arrived here without its id) is pasted here.
        <ResetForm step="link" className="reset-link-paste" onSubmit={useLink}>
          <PastedLinkField
            id="reset-link"
            label={t('reset:linkPasteLabel')}
            hint={t('reset:linkPasteHint')}
            onChange={() => changed('link')}
            error={errors.link}
          />
          <button type="submit" className="button" disabled={busy}>
            {t('reset:linkPasteSubmit')}
          </button>
        </ResetForm>
      )}
      <p id="reset-wait-error" className="form-error" role="alert">
        {errors.form ?? ''}
      </p>
      <p className="form-notice" role="status">
        {notice}
      </p>
      <div className="actions">
        {resendButton}
        <ResetForm
          step="restart"
          onSubmit={(event) => {
            event.preventDefault()
            onRestart()
          }}
        >
          <button type="submit" className="link-button">
            {t('reset:useAnother')}
          </button>
        </ResetForm>
      </div>
    </>
  )
}
