import { signUpEndpoints } from '../../../../shared/api/endpoints/signUp.ts'
import { isSuccess } from '../../../../shared/envelope.ts'
import {
  DEPARTMENTS,
  GOALS,
  INDUSTRIES,
  LAUNCH_TIMINGS,
  PRODUCTS,
  SUPPORT_CHANNELS,
} from '../../../../shared/schemas/signUpChoices.ts'
import { useApiClient } from '../../../api.ts'
import { Field } from '../../../components/form/Field.tsx'
import { useFormSubmit } from '../../../components/form/useFormSubmit.ts'
import { useTranslation } from '../../../translation.tsx'
import { signUpErrors } from './errors.ts'
import { usePlainForm } from './plain-form.tsx'

/** Checkbox answers are plain strings here; the schema checks them against the choices. */
export type Answers = {
  products: string[]
  goals: string[]
  channels: string[]
  industry: string
  department: string
  launch: string
  employees: string
  tools: string
}

export const NO_ANSWERS: Answers = {
  products: [],
  goals: [],
  channels: [],
  industry: '',
  department: '',
  launch: '',
  employees: '',
  tools: '',
}

function Checkboxes({
  name,
  legend,
  choices,
  labels,
  value,
  onChange,
}: {
  name: string
  legend: string
  choices: readonly string[]
  labels: string
  value: string[]
  onChange: (value: string[]) => void
}) {
  const { t } = useTranslation('signUp')
  return (
    <fieldset className="choices">
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice} className="choice">
          <input
            type="checkbox"
            name={name}
            value={choice}
            checked={value.includes(choice)}
            onChange={(event) =>
              onChange(event.target.checked ? [...value, choice] : value.filter((item) => item !== choice))
            }
          />{' '}
          {t(`choices.${labels}.${choice}`)}
        </label>
      ))}
    </fieldset>
  )
}

function Select({
  id,
  label,
  choices,
  labels,
  value,
  onChange,
}: {
  id: string
  label: string
  choices: readonly string[]
  labels: string
  value: string
  onChange: (value: string) => void
}) {
  const { t } = useTranslation('signUp')
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={id.replace(/^q-/, '')}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{t('questionnaire.choose')}</option>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {t(`choices.${labels}.${choice}`)}
          </option>
        ))}
      </select>
    </div>
  )
}

/** The optional questionnaire (spec §3 choices exactly); Skip finishes without answers. */
export function QuestionnaireStep({
  email,
  values,
  onChange,
  onBack,
  onFinish,
  initialError = '',
}: {
  email: string
  values: Answers
  onChange: (values: Answers) => void
  onBack: () => void
  onFinish: () => Promise<void>
  /** The server's answer to this form posted without JavaScript. */
  initialError?: string
}) {
  const { t } = useTranslation('signUp')
  const api = useApiClient()
  const form = useFormSubmit(initialError ? { form: initialError } : undefined)
  const { busy } = form
  const error = form.errors.form
  const plain = usePlainForm('questionnaire')
  const set = (patch: Partial<Answers>) => onChange({ ...values, ...patch })

  const submit = form.submitWith({
    send: async () => {
      const data: Record<string, unknown> = {
        email,
        products: values.products,
        goals: values.goals,
        channels: values.channels,
      }
      for (const key of ['industry', 'department', 'launch', 'employees', 'tools'] as const) {
        if (values[key].trim()) data[key] = values[key].trim()
      }
      const answer = await api.call(signUpEndpoints.registerChoseProduct, { data, throws: false })
      if (isSuccess(answer)) return onFinish()
      return { form: Object.values(signUpErrors(answer))[0] ?? '' }
    },
  })

  const skip = () => void form.run({ send: onFinish })

  return (
    <form
      ref={form.form}
      method={plain.method}
      action={plain.action}
      className="sign-up-form"
      onSubmit={submit}
      noValidate
      aria-labelledby="sign-up-title"
    >
      {plain.hidden}
      <h1 id="sign-up-title" tabIndex={-1}>
        {t('questionnaire.title')}
      </h1>
      <p className="lead">{t('questionnaire.lead')}</p>
      <Checkboxes
        name="products"
        legend={t('questionnaire.products')}
        choices={PRODUCTS}
        labels="products"
        value={values.products}
        onChange={(products) => set({ products })}
      />
      <Checkboxes
        name="goals"
        legend={t('questionnaire.goals')}
        choices={GOALS}
        labels="goals"
        value={values.goals}
        onChange={(goals) => set({ goals })}
      />
      <Checkboxes
        name="channels"
        legend={t('questionnaire.channels')}
        choices={SUPPORT_CHANNELS}
        labels="channels"
        value={values.channels}
        onChange={(channels) => set({ channels })}
      />
      <Select
        id="q-industry"
        label={t('questionnaire.industry')}
        choices={INDUSTRIES}
        labels="industries"
        value={values.industry}
        onChange={(industry) => set({ industry })}
      />
      <Select
        id="q-department"
        label={t('questionnaire.department')}
        choices={DEPARTMENTS}
        labels="departments"
        value={values.department}
        onChange={(department) => set({ department })}
      />
      <Select
        id="q-launch"
        label={t('questionnaire.launch')}
        choices={LAUNCH_TIMINGS}
        labels="launch"
        value={values.launch}
        onChange={(launch) => set({ launch })}
      />
      <Field
        id="q-employees"
        name="employees"
        autoComplete="off"
        label={t('questionnaire.employees')}
        maxLength={100}
        inputMode="numeric"
        value={values.employees}
        onChange={(event) => set({ employees: event.target.value })}
      />
      <Field
        id="q-tools"
        name="tools"
        autoComplete="off"
        label={t('questionnaire.tools')}
        maxLength={100}
        value={values.tools}
        onChange={(event) => set({ tools: event.target.value })}
      />
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="actions">
        <button type="submit" className="button primary" disabled={busy} aria-busy={busy}>
          {t('questionnaire.submit')}
        </button>
        {/* Submit buttons, so a plain post says what was asked; with JavaScript the page does it. */}
        <button
          type="submit"
          name="intent"
          value="skip"
          className="button"
          onClick={(event) => {
            event.preventDefault()
            void skip()
          }}
          disabled={busy}
        >
          {t('questionnaire.skip')}
        </button>
        <button
          type="submit"
          name="intent"
          value="back"
          className="link-button"
          onClick={(event) => {
            event.preventDefault()
            onBack()
          }}
          disabled={busy}
        >
          {t('questionnaire.back')}
        </button>
      </div>
    </form>
  )
}
