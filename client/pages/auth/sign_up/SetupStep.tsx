import type { Dispatch, SetStateAction } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { signUpEndpoints } from '../../../../shared/api/endpoints/signUp.ts'
import type { SignUpDetailsView } from '../../../../shared/api/sign-up-flow.ts'
import { isSuccess } from '../../../../shared/envelope.ts'
import { CHINA_AREA_CODE } from '../../../../shared/schemas/rules.ts'
import { useApiClient } from '../../../api.ts'
import { AreaCodeField } from '../../../components/form/AreaCodeField.tsx'
import { Field, FormError } from '../../../components/form/Field.tsx'
import { schemaErrors } from '../../../components/form/schema-errors.ts'
import { textFieldsOf } from '../../../components/form/text-field.ts'
import { useFormSubmit } from '../../../components/form/useFormSubmit.ts'
import { useTranslation } from '../../../translation.tsx'
import { signUpErrors } from './errors.ts'
import { StepForm } from './plain-form.tsx'
import { signUpSchemas } from './schemas.ts'

export const EMPTY_DETAILS: SignUpDetailsView = {
  firstName: '',
  lastName: '',
  company: '',
  jobTitle: '',
  areaCode: '',
  phone: '',
  referralCode: '',
  notes: '',
}

/** Account setup (spec §3, §5): names, company, job title, phone, referral code, notes. */
export function SetupStep({
  email,
  saved,
  values,
  onChange,
  onDone,
  initialErrors,
}: {
  email: string
  /** Set when the user came back to this step: the update endpoint is used. */
  saved: boolean
  values: SignUpDetailsView
  /** Takes an update of the previous values (see CredentialsStep). */
  onChange: Dispatch<SetStateAction<SignUpDetailsView>>
  onDone: () => void
  /** The server's answer to this form posted without JavaScript. */
  initialErrors?: Record<string, string> | undefined
}) {
  const { t } = useTranslation(['signUp', 'common'])
  const { edition } = usePageContext()
  const api = useApiClient()
  const form = useFormSubmit(initialErrors)
  const { errors, changed, busy } = form
  // ADR 0025: the Chinese edition starts from a mainland mobile number, the international one asks.
  const areaCode = values.areaCode || (edition === 'chinese' ? CHINA_AREA_CODE : '65')
  // An edited field loses its error at once (a new country code re-frames the number too).
  const set = (patch: Partial<SignUpDetailsView>) => {
    onChange((latest) => ({ ...latest, areaCode, ...patch }))
    changed(...Object.keys(patch), ...('areaCode' in patch ? ['phone'] : []))
  }

  const data = () => ({
    email,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    company: values.company.trim(),
    jobTitle: values.jobTitle.trim(),
    areaCode,
    phone: values.phone.trim(),
    referralCode: values.referralCode?.trim() ?? '',
    notes: values.notes?.trim() ?? '',
  })
  const submit = form.submitWith({
    // The schemas load when first needed (the sign-up's first load stays light).
    validate: async () => {
      const schemas = await signUpSchemas().catch(() => null)
      if (!schemas) return { form: t('errors:network') }
      return schemaErrors(schemas.accountSetupSchema.safeParse(data()), (key, v) => t(`common:${key}`, v))
    },
    send: async () => {
      const { accountSetupSchema } = await signUpSchemas()
      const endpoint = saved
        ? signUpEndpoints.updateRegisterPartInfo
        : edition === 'chinese'
          ? signUpEndpoints.registerPartInfo
          : signUpEndpoints.registerSgPartInfo
      const checked = accountSetupSchema.parse(data()) as Record<string, unknown>
      const answer = await api.call(endpoint, { data: checked, throws: false })
      return isSuccess(answer) ? onDone() : signUpErrors(answer)
    },
  })

  const text = textFieldsOf<keyof SignUpDetailsView>({
    values,
    errors,
    set,
    id: (field) => `setup-${field}`,
    label: (field) => t(`setup.${field}`),
  })
  return (
    <StepForm step="setup" form={form.form} onSubmit={submit} preload leadValues={{ email }}>
      <div className="name-row">
        <Field {...text('firstName', 'given-name')} />
        <Field {...text('lastName', 'family-name')} />
      </div>
      <Field {...text('company', 'organization')} />
      <Field {...text('jobTitle', 'organization-title')} />
      <div className="phone-row">
        <AreaCodeField
          id="setup-areaCode"
          name="areaCode"
          label={t('setup.areaCode')}
          value={areaCode}
          onChange={(code) => set({ areaCode: code })}
        />
        <Field
          {...text('phone', 'tel-national')}
          type="tel"
          inputMode="numeric"
          maxLength={15}
          hint={areaCode === CHINA_AREA_CODE ? t('setup.phoneHintChina') : t('setup.phoneHintInternational')}
        />
      </div>
      <Field {...text('referralCode', 'off')} />
      <Field {...text('notes', 'off')} />
      <FormError error={errors.form} />
      <button type="submit" className="button primary" disabled={busy} aria-busy={busy}>
        {t('setup.submit')}
      </button>
    </StepForm>
  )
}
