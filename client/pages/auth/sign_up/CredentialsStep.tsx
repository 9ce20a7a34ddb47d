import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { signUpEndpoints } from '../../../../shared/api/endpoints/signUp.ts'
import { isSuccess } from '../../../../shared/envelope.ts'
import { useApiClient } from '../../../api.ts'
import { Captcha, type CaptchaProps } from '../../../components/captcha/Captcha.tsx'
import { AreaCodeField } from '../../../components/form/AreaCodeField.tsx'
import { earlyText, earlyTick } from '../../../components/form/early-input.ts'
import { describedByOf, Field, FieldError, FormError } from '../../../components/form/Field.tsx'
import { PasswordRules } from '../../../components/form/PasswordRules.tsx'
import { schemaErrors } from '../../../components/form/schema-errors.ts'
import { textFieldsOf } from '../../../components/form/text-field.ts'
import { useFormSubmit } from '../../../components/form/useFormSubmit.ts'
import { Trans, useTranslation } from '../../../translation.tsx'
import { type FieldErrors, signUpErrors } from './errors.ts'
import { StepForm } from './plain-form.tsx'
import { signUpSchemas } from './schemas.ts'

export interface CredentialsValues {
  email: string
  password: string
  fullName: string
  company: string
  areaCode: string
  phone: string
  referralCode: string
  privacy: boolean
}

/** The mobile page's extra fields (spec §5 sign-up from a phone), by the ids the pages and tests know. */
const PHONE_FIELD_IDS = {
  fullName: 'sign-up-full-name',
  company: 'sign-up-company',
  phone: 'sign-up-phone',
  referralCode: 'sign-up-referral',
}

/**
 * Step one: work e-mail, password (with the live rule checklist), the privacy notice and the
 * captcha; on phones also the one-page details (registerSgH5). Nothing typed is lost on an error.
 */
export function CredentialsStep({
  values,
  onChange,
  onStarted,
  initialErrors,
  serverChallenge,
}: {
  values: CredentialsValues
  /** Takes an update of the previous values: edits that land in one render never undo each other. */
  onChange: Dispatch<SetStateAction<CredentialsValues>>
  onStarted: (email: string, mobile: boolean) => void
  /** The server's answer to this form posted without JavaScript: its errors, its next question. */
  initialErrors?: FieldErrors | undefined
  serverChallenge?: CaptchaProps['serverChallenge']
}) {
  const { t } = useTranslation(['signUp', 'common'])
  const { isPhone, language } = usePageContext()
  const api = useApiClient()
  const form = useFormSubmit(initialErrors)
  const { errors, setErrors, changed, busy } = form
  const [captchaPass, setCaptchaPass] = useState<string | null>(null)
  // A solved check clears its "solve the check first" message.
  const onCaptcha = useCallback(
    (pass: string | null) => {
      setCaptchaPass(pass)
      if (pass) setErrors(({ captcha: _solved, ...others }) => others)
    },
    [setErrors],
  )
  const emailInput = useRef<HTMLInputElement>(null)
  const passwordInput = useRef<HTMLInputElement>(null)
  const privacyInput = useRef<HTMLInputElement>(null)
  // An edited field loses its error at once (a new country code re-frames the number too).
  const set = (patch: Partial<CredentialsValues>) => {
    // From the latest values, not this render's: a field typed before hydration is restored by
    // the first effect while the next field's input may already be on its way (an e-mail typed on
    // a slow page was wiped by the password's change that way).
    onChange((latest) => ({ ...latest, ...patch }))
    changed(...Object.keys(patch), ...('areaCode' in patch ? ['phone'] : []))
  }

  // Whatever was typed while the scripts were still loading is kept, not wiped by hydration.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration
  useEffect(() => {
    const early: Partial<CredentialsValues> = {}
    const fields = {
      email: emailInput.current,
      password: passwordInput.current,
      fullName: document.getElementById('sign-up-full-name'),
      company: document.getElementById('sign-up-company'),
      phone: document.getElementById('sign-up-phone'),
      referralCode: document.getElementById('sign-up-referral'),
    } as const
    for (const [name, element] of Object.entries(fields) as [keyof typeof fields, HTMLElement | null][]) {
      const typed = element instanceof HTMLInputElement ? earlyText(element) : ''
      if (typed && !values[name]) early[name] = typed
    }
    if (!values.privacy && earlyTick(privacyInput.current)) early.privacy = true
    if (Object.keys(early).length > 0) set(early)
  }, [])

  const languageQuery = language === 'zh' ? '?language=zh' : ''
  const submit = form.submitWith({
    validate: async () => {
      // The schemas load when first needed (the sign-up's first load stays light).
      const schemas = await signUpSchemas().catch(() => null)
      if (!schemas) return { form: t('errors:network') }
      const found: FieldErrors =
        schemaErrors(
          schemas[isPhone ? 'signUpH5Schema' : 'signUpCredentialsFormSchema'].safeParse(dataOf()),
          (key, v) => t(`common:${key}`, v),
          {
            captchaPass: 'captcha',
          },
        ) ?? {}
      if (isPhone && !values.privacy) found.privacy = t('common:validation.privacy')
      if (!captchaPass) found.captcha = t('common:validation.captcha')
      return found
    },
    send: async () => {
      const email = values.email.trim()
      try {
        const check = await api.call(signUpEndpoints.registerEmailCheck, { data: { email }, throws: false })
        if (!isSuccess(check)) return signUpErrors(check)
        const data = isPhone
          ? ((await signUpSchemas()).signUpH5Schema.parse(dataOf()) as Record<string, unknown>)
          : { email, password: values.password, captchaPass }
        const started = await api.call(
          isPhone ? signUpEndpoints.registerSgH5 : signUpEndpoints.registerSgNew,
          {
            data,
            throws: false,
          },
        )
        if (!isSuccess(started)) return signUpErrors(started)
        onStarted(email, isPhone)
      } catch (error) {
        return { form: (error as Error).message }
      }
    },
  })

  /** What the step's schema checks: the phone's form asks for more than the desktop's. */
  function dataOf() {
    const base = { email: values.email.trim(), password: values.password }
    return isPhone
      ? {
          ...base,
          fullName: values.fullName.trim(),
          company: values.company.trim(),
          areaCode: values.areaCode,
          phone: values.phone.trim(),
          referralCode: values.referralCode.trim(),
          captchaPass: captchaPass ?? '',
        }
      : { ...base, confirmPassword: values.password, privacy: values.privacy }
  }

  const text = textFieldsOf<keyof typeof PHONE_FIELD_IDS>({
    values,
    errors,
    set,
    id: (field) => PHONE_FIELD_IDS[field],
    label: (field) => t(`credentials.${field}`),
  })
  const exists = errors.email && values.email && errors.email === t('errors:code.700037')
  return (
    <StepForm step="credentials" form={form.form} onSubmit={submit} preload>
      <Field
        id="sign-up-email"
        name="email"
        ref={emailInput}
        label={t('credentials.email')}
        type="email"
        autoComplete="email"
        maxLength={320}
        value={values.email}
        error={errors.email}
        onChange={(event) => set({ email: event.target.value })}
      >
        {exists ? (
          <p className="field-action">
            <a href={`/auth/sign_in${languageQuery}#email=${encodeURIComponent(values.email.trim())}`}>
              {t('credentials.signInWithIt')}
            </a>
          </p>
        ) : null}
      </Field>
      <Field
        id="sign-up-password"
        name="password"
        ref={passwordInput}
        label={t('credentials.password')}
        type="password"
        autoComplete="new-password"
        value={values.password}
        error={errors.password}
        aria-describedby="sign-up-password-rules"
        onChange={(event) => set({ password: event.target.value })}
      />
      <PasswordRules id="sign-up-password-rules" value={values.password} namespace="signUp" />
      {isPhone ? (
        <>
          <Field {...text('fullName', 'name')} />
          <Field {...text('company', 'organization')} />
          <div className="phone-row">
            <AreaCodeField
              id="sign-up-area"
              name="areaCode"
              label={t('credentials.areaCode')}
              value={values.areaCode}
              onChange={(areaCode) => set({ areaCode })}
            />
            <Field {...text('phone', 'tel-national')} type="tel" inputMode="numeric" maxLength={15} />
          </div>
          <Field {...text('referralCode', 'off')} />
        </>
      ) : null}
      <div className="field checkbox-field">
        <input
          id="sign-up-privacy"
          name="privacy"
          ref={privacyInput}
          type="checkbox"
          checked={values.privacy}
          aria-invalid={errors.privacy ? true : undefined}
          aria-describedby={describedByOf('sign-up-privacy', { error: errors.privacy })}
          onChange={(event) => set({ privacy: event.target.checked })}
        />
        <label htmlFor="sign-up-privacy">
          <Trans
            t={t}
            i18nKey="credentials.privacy"
            components={{
              1: (
                <a href="/privacy-protection-policy" target="_blank" rel="noopener noreferrer">
                  privacy notice
                </a>
              ),
              3: (
                <a href="/terms-of-services" target="_blank" rel="noopener noreferrer">
                  terms of service
                </a>
              ),
            }}
          />
        </label>
        <FieldError fieldId="sign-up-privacy" error={errors.privacy} />
      </div>
      <Captcha
        purpose="signUp"
        onToken={onCaptcha}
        error={errors.captcha}
        serverChallenge={serverChallenge}
      />
      <FormError error={errors.form} />
      <button type="submit" className="button primary" disabled={busy} aria-busy={busy}>
        {t('credentials.submit')}
      </button>
      <p className="aside">
        {t('credentials.haveAccount')} <a href={`/auth/sign_in${languageQuery}`}>{t('credentials.signIn')}</a>
      </p>
    </StepForm>
  )
}
