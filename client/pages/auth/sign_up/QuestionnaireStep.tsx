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
import { Field, FormError } from '../../../components/form/Field.tsx'
import { ScriptedSubmit } from '../../../components/form/ScriptedSubmit.tsx'
import { useFormSubmit } from '../../../components/form/useFormSubmit.ts'
import { useTranslation } from '../../../translation.tsx'
import { signUpErrors } from './errors.ts'
import { StepForm } from './plain-form.tsx'

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

/** A question of the form: its answer's name, its choices, and where their labels are (`choices.<labels>`). */
interface Question<Name extends keyof Answers> {
  readonly name: Name
  readonly choices: readonly string[]
  readonly labels: string
}

const MANY_CHOICE_QUESTIONS: readonly Question<'products' | 'goals' | 'channels'>[] = [
  { name: 'products', choices: PRODUCTS, labels: 'products' },
  { name: 'goals', choices: GOALS, labels: 'goals' },
  { name: 'channels', choices: SUPPORT_CHANNELS, labels: 'channels' },
]

const ONE_CHOICE_QUESTIONS: readonly Question<'industry' | 'department' | 'launch'>[] = [
  { name: 'industry', choices: INDUSTRIES, labels: 'industries' },
  { name: 'department', choices: DEPARTMENTS, labels: 'departments' },
  { name: 'launch', choices: LAUNCH_TIMINGS, labels: 'launch' },
]

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
    <StepForm step="questionnaire" form={form.form} onSubmit={submit}>
      {MANY_CHOICE_QUESTIONS.map(({ name, choices, labels }) => (
        <Checkboxes
          key={name}
          name={name}
          legend={t(`questionnaire.${name}`)}
          choices={choices}
          labels={labels}
          value={values[name]}
          onChange={(picked) => set({ [name]: picked })}
        />
      ))}
      {ONE_CHOICE_QUESTIONS.map(({ name, choices, labels }) => (
        <Select
          key={name}
          id={`q-${name}`}
          label={t(`questionnaire.${name}`)}
          choices={choices}
          labels={labels}
          value={values[name]}
          onChange={(picked) => set({ [name]: picked })}
        />
      ))}
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
      <FormError error={error} />
      <div className="actions">
        <button type="submit" className="button primary" disabled={busy} aria-busy={busy}>
          {t('questionnaire.submit')}
        </button>
        {/* Submit buttons, so a plain post says what was asked; with JavaScript the page does it. */}
        <ScriptedSubmit
          name="intent"
          value="skip"
          className="button"
          onPress={() => void skip()}
          disabled={busy}
        >
          {t('questionnaire.skip')}
        </ScriptedSubmit>
        <ScriptedSubmit name="intent" value="back" className="link-button" onPress={onBack} disabled={busy}>
          {t('questionnaire.back')}
        </ScriptedSubmit>
      </div>
    </StepForm>
  )
}
