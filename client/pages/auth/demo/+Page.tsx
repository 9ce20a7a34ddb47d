import { useCallback, useEffect, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { demoEndpoints } from '../../../../shared/api/endpoints/demo.ts'
import { isSuccess } from '../../../../shared/envelope.ts'
import { type DemoInput, demoSchema } from '../../../../shared/schemas/demo.ts'
import { demoErrorField } from '../../../../shared/schemas/demoErrors.ts'
import { PRODUCTS } from '../../../../shared/schemas/signUpChoices.ts'
import { useApiClient } from '../../../api.ts'
import { Captcha } from '../../../components/captcha/Captcha.tsx'
import { AreaCodeField } from '../../../components/form/AreaCodeField.tsx'
import { earlyTick } from '../../../components/form/early-input.ts'
import { describedByOf, Field, FieldError } from '../../../components/form/Field.tsx'
import { schemaErrors } from '../../../components/form/schema-errors.ts'
import { hasFieldErrors } from '../../../components/form/useFieldErrors.ts'
import { useFormSubmit } from '../../../components/form/useFormSubmit.ts'
import { useTranslation } from '../../../translation.tsx'
import '../reset/reset.css'

const COUNTRY_CODES = ['86', '852', '65', '1', '60', '62', '63', '66', '84', '44'] as const
type TextName = 'fullName' | 'email' | 'company' | 'jobTitle' | 'phone' | 'notes'

/** Demo booking (spec §2 /auth/demo): the §5 field rules, addSgReservationInfo, then what happens next. */
export default function DemoPage() {
  const { t } = useTranslation('demo')
  const { language, formState } = usePageContext()
  const api = useApiClient()
  // The server's answer to this form posted without JavaScript (or before the scripts ran): start
  // from what was typed, with its errors, instead of empty fields.
  const posted = formState?.form === 'demo' ? formState : null
  const typed = (name: string) => {
    const value = posted?.values[name]
    return typeof value === 'string' ? value : ''
  }
  const [values, setValues] = useState<Record<TextName, string>>({
    fullName: typed('fullName'),
    email: typed('email'),
    company: typed('company'),
    jobTitle: typed('jobTitle'),
    phone: typed('phone'),
    notes: typed('notes'),
  })
  const [areaCode, setAreaCode] = useState(typed('areaCode') || (language === 'zh' ? '86' : '65'))
  const [products, setProducts] = useState<string[]>(() => {
    const chosen = posted?.values.products
    return Array.isArray(chosen) ? chosen : []
  })
  const form = useFormSubmit(posted?.errors)
  const { errors, setErrors, changed, busy } = form
  const [bookedFor, setBookedFor] = useState<string | null>(posted?.done?.email ?? null)
  const [captchaPass, setCaptchaPass] = useState<string | null>(null)
  // A new challenge after every attempt: a solved captcha is used up by the booking it went with.
  const [captchaRound, setCaptchaRound] = useState(0)
  const onCaptcha = useCallback(
    (pass: string | null) => {
      setCaptchaPass(pass)
      if (pass) setErrors(({ captcha: _solved, ...others }) => others)
    },
    [setErrors],
  )

  // Whatever was typed, picked or ticked while the scripts were still loading is kept, not wiped
  // by the first render after hydration (early-input.ts; issue 21: nothing typed is lost).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration
  useEffect(() => {
    const early: Partial<Record<TextName, string>> = {}
    for (const name of Object.keys(values) as TextName[]) {
      const element = document.getElementById(`demo-${name}`)
      const typed =
        element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement ? element.value : ''
      if (typed && !values[name]) early[name] = typed
    }
    if (Object.keys(early).length > 0) setValues((old) => ({ ...old, ...early }))
    const code = document.getElementById('demo-areaCode')
    if (code instanceof HTMLSelectElement && code.value && code.value !== areaCode) setAreaCode(code.value)
    const ticked = [...document.querySelectorAll<HTMLInputElement>('input[name="products"]')]
      .filter((box) => earlyTick(box))
      .map((box) => box.value)
    if (ticked.length > 0 && products.length === 0) setProducts(ticked)
  }, [])

  // An edited field loses its error at once; the others stay until they are fixed too.
  const set = (name: TextName) => (event: { target: { value: string } }) => {
    setValues((old) => ({ ...old, [name]: event.target.value }))
    changed(name)
  }

  const dataOf = (): DemoInput => ({
    fullName: values.fullName,
    email: values.email,
    company: values.company,
    jobTitle: values.jobTitle,
    areaCode,
    phone: values.phone,
    products: products as DemoInput['products'],
    notes: values.notes,
    captchaPass: captchaPass ?? '',
  })
  const submit = form.submitWith({
    validate: () =>
      // The captcha's token is checked as `captchaPass`; its message goes to the captcha.
      schemaErrors(demoSchema.safeParse(dataOf()), (key, values) => t(key, { ns: 'common', ...values }), {
        captchaPass: 'captcha',
      }),
    send: async () => {
      const data = demoSchema.parse(dataOf())
      const answer = await api.call(demoEndpoints.addSgReservationInfo, { data, throws: false })
      if (isSuccess(answer)) return setBookedFor(data.email)
      setCaptchaPass(null)
      setCaptchaRound((round) => round + 1)
      return { [demoErrorField(answer)]: answer.retMsg }
    },
  })

  if (bookedFor !== null) {
    return (
      <section className="card" aria-labelledby="demo-done-title">
        <h1 id="demo-done-title" tabIndex={-1} ref={(node) => node?.focus()}>
          {t('doneTitle')}
        </h1>
        <p role="status">{t('doneBody', { email: bookedFor })}</p>
        <div className="actions">
          <a className="button primary" href={language === 'zh' ? '/?language=zh' : '/'}>
            {t('doneHome')}
          </a>
          <button type="button" className="link-button" onClick={() => setBookedFor(null)}>
            {t('doneAgain')}
          </button>
        </div>
      </section>
    )
  }

  const text = (
    name: Exclude<TextName, 'notes'>,
    extra: { autoComplete: string } & Record<string, string | number>,
  ) => (
    <Field
      id={`demo-${name}`}
      name={name}
      label={t(name)}
      value={values[name]}
      onChange={set(name)}
      error={errors[name]}
      maxLength={name === 'email' ? 320 : 100}
      {...extra}
    />
  )

  // The form's own message, else "correct the highlighted fields" while any field error is left.
  const formError = errors.form ?? (hasFieldErrors(errors) ? t('fixErrors') : '')
  return (
    <section className="card" aria-labelledby="demo-title">
      <h1 id="demo-title">{t('title')}</h1>
      <p>{t('intro')}</p>
      <form
        method="post"
        noValidate
        ref={form.form}
        onSubmit={submit}
        aria-describedby={formError ? 'demo-form-error' : undefined}
      >
        <p id="demo-form-error" className="form-error" role="alert">
          {formError}
        </p>
        {text('fullName', { autoComplete: 'name' })}
        {text('email', { type: 'email', autoComplete: 'email' })}
        {text('company', { autoComplete: 'organization' })}
        {text('jobTitle', { autoComplete: 'organization-title' })}
        <div className="phone-row">
          <AreaCodeField
            id="demo-areaCode"
            name="areaCode"
            label={t('areaCode')}
            value={areaCode}
            onChange={(code) => {
              setAreaCode(code)
              // The number's rule depends on the country code: its error is re-checked at submit.
              changed('areaCode', 'phone')
            }}
            codes={COUNTRY_CODES}
          />
          {text('phone', { type: 'tel', autoComplete: 'tel-national', inputMode: 'numeric' })}
        </div>
        <fieldset className="field choices">
          <legend>{t('products')}</legend>
          {PRODUCTS.map((product) => (
            <label key={product} className="choice">
              <input
                type="checkbox"
                name="products"
                value={product}
                checked={products.includes(product)}
                onChange={(event) => {
                  setProducts((old) =>
                    event.target.checked ? [...old, product] : old.filter((item) => item !== product),
                  )
                  changed('products')
                }}
              />{' '}
              {t(`product.${product}`)}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor="demo-notes">{t('notes')}</label>
          <textarea
            id="demo-notes"
            autoComplete="off"
            name="notes"
            rows={3}
            maxLength={100}
            value={values.notes}
            onChange={set('notes')}
            aria-invalid={errors.notes ? true : undefined}
            aria-describedby={describedByOf('demo-notes', { error: errors.notes })}
          />
          <FieldError fieldId="demo-notes" error={errors.notes} />
        </div>
        <Captcha
          key={captchaRound}
          purpose="demo"
          onToken={onCaptcha}
          error={errors.captcha}
          serverChallenge={captchaRound === 0 ? posted?.captcha : undefined}
        />
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? t('sending') : t('submit')}
        </button>
      </form>
    </section>
  )
}
