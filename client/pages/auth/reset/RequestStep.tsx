import { type FormEvent, useEffect, useRef, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { resetEndpoints } from '../../../../shared/api/endpoints/reset.ts'
import { RESEND_WAIT_SECONDS, type ResetFlowView } from '../../../../shared/api/reset-flow.ts'
import { isSuccess } from '../../../../shared/envelope.ts'
import { resetError } from '../../../../shared/forms/reset-errors.ts'
import { resetByEmailSchema, resetBySmsSchema } from '../../../../shared/schemas/reset.ts'
import { useApiClient } from '../../../api.ts'
import { AreaCodeField } from '../../../components/form/AreaCodeField.tsx'
import { earlyChoice, earlyText } from '../../../components/form/early-input.ts'
import { Field } from '../../../components/form/Field.tsx'
import { schemaErrors } from '../../../components/form/schema-errors.ts'
import { useFormSubmit } from '../../../components/form/useFormSubmit.ts'
import { useTranslation } from '../../../translation.tsx'
import { ResetForm, usePosted } from './posted.tsx'

const COUNTRY_CODES = ['86', '852', '65', '1', '60', '62', '63', '66', '84', '44'] as const

interface RequestStepProps {
  /** False until the page knows where the reset stands; nothing is sent before. */
  ready: boolean
  onSent: (view: ResetFlowView) => void
}

/** Step one: where to send the link (e-mail) or the code (text message). */
export function RequestStep({ ready, onSent }: RequestStepProps) {
  const { t } = useTranslation()
  const { language } = usePageContext()
  const api = useApiClient()
  // What was posted without JavaScript comes back filled in (posted.tsx).
  const posted = usePosted()
  const [via, setVia] = useState<'email' | 'phone'>(posted.values.via === 'phone' ? 'phone' : 'email')
  const [email, setEmail] = useState(posted.values.email ?? '')
  const [areaCode, setAreaCode] = useState(posted.values.areaCode || (language === 'zh' ? '86' : '65'))
  const [phone, setPhone] = useState(posted.values.phone ?? '')
  const form = useFormSubmit(posted.errors)
  const { errors, setErrors, changed, busy } = form
  const emailInput = useRef<HTMLInputElement>(null)
  const formElement = form.form
  // Whatever was typed or chosen while the scripts were still loading is kept, not wiped by hydration.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration
  useEffect(() => {
    const typed = earlyText(emailInput.current)
    if (typed) setEmail(typed)
    if (earlyChoice(formElement.current, 'via') === 'phone') setVia('phone')
    // The phone way's fields too (a number typed before hydration came back "required").
    const typedPhone = earlyText(formElement.current?.querySelector<HTMLInputElement>('input[name="phone"]'))
    if (typedPhone) setPhone(typedPhone)
    const chosenArea = formElement.current?.querySelector<HTMLSelectElement>('select[name="areaCode"]')?.value
    if (chosenArea) setAreaCode(chosenArea)
  }, [])

  const data = () => (via === 'email' ? { email: email.trim() } : { areaCode, phone: phone.trim() })
  const submitSteps = form.submitWith({
    validate: () =>
      schemaErrors((via === 'email' ? resetByEmailSchema : resetBySmsSchema).safeParse(data()), t),
    send: async () => {
      const answer = await api.call(
        via === 'email' ? resetEndpoints.sendResetEmail : resetEndpoints.sendSmsRandomCode,
        { data: data(), throws: false },
      )
      if (!isSuccess(answer)) {
        const problem = resetError(answer, t, 'other')
        return { [problem.field]: problem.message }
      }
      onSent({
        step: via === 'email' ? 'sent' : 'code',
        via,
        account: via === 'email' ? email.trim() : phone.trim(),
        ...(via === 'phone' ? { areaCode } : {}),
        resendInSeconds: RESEND_WAIT_SECONDS,
      })
    },
  })
  // Before the page knows where the reset stands, the browser posts the form to the server.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (ready) submitSteps(event)
  }

  return (
    <>
      <h1 id="reset-title" tabIndex={-1}>
        {t('reset:title')}
      </h1>
      <p>{t('reset:intro')}</p>
      <ResetForm
        ref={form.form}
        step="request"
        className="reset-request"
        onSubmit={submit}
        aria-describedby={errors[''] ? 'reset-request-error' : undefined}
      >
        <fieldset className="field choices">
          <legend>{t('reset:viaLegend')}</legend>
          {(['email', 'phone'] as const).map((option) => (
            <label key={option} className="choice">
              <input
                type="radio"
                name="via"
                value={option}
                checked={via === option}
                onChange={() => {
                  setVia(option)
                  setErrors({})
                }}
              />
              {option === 'email' ? t('reset:viaEmail') : t('reset:viaPhone')}
            </label>
          ))}
        </fieldset>
        {/* Both ways are in the page and CSS shows the chosen one (reset.css): without JavaScript
            the radio buttons still switch, and the server reads `via`. */}
        <div className="reset-via-email">
          <Field
            ref={emailInput}
            id="reset-email"
            label={t('reset:email')}
            type="email"
            name="email"
            autoComplete="username"
            maxLength={320}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value)
              changed('email')
            }}
            error={errors.email}
          />
        </div>
        <div className="phone-row phone-row--named reset-via-phone">
          <AreaCodeField
            id="reset-area-code"
            label={t('reset:areaCode')}
            name="areaCode"
            autoComplete="tel-country-code"
            value={areaCode}
            onChange={(code) => {
              setAreaCode(code)
              // The number's rule depends on the country code: its error is re-checked at submit.
              changed('areaCode', 'phone')
            }}
            codes={COUNTRY_CODES}
            optionLabel={(code) => t(`reset:countries.${code}`)}
          />
          <Field
            id="reset-phone"
            label={t('reset:phone')}
            type="tel"
            name="phone"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={15}
            value={phone}
            onChange={(event) => {
              setPhone(event.target.value.replace(/[^\d]/g, ''))
              changed('phone', 'areaCode')
            }}
            error={errors.phone ?? errors.areaCode}
          />
        </div>
        <p id="reset-request-error" className="form-error" role="alert">
          {errors[''] ?? ''}
        </p>
        <button type="submit" className="button primary" disabled={busy} aria-busy={busy}>
          {busy ? (
            t('reset:working')
          ) : (
            <>
              <span className="reset-via-email">{t('reset:sendLink')}</span>
              <span className="reset-via-phone">{t('reset:sendCode')}</span>
            </>
          )}
        </button>
      </ResetForm>
    </>
  )
}
