import { useTranslation } from '../../../translation.tsx'

/** The multi-environment picker's choices (Singapore, US, HK, China, test), for passwords and SSO. */
export function EnvironmentChoices({
  name,
  hint,
  environments,
  chosen,
  onChoose,
}: {
  name: string
  hint: string
  environments: readonly string[]
  chosen: string
  onChoose: (environment: string) => void
}) {
  const { t } = useTranslation()
  return (
    <fieldset className="field choices">
      <legend>{t('signIn.environmentLegend')}</legend>
      <p>{hint}</p>
      {environments.map((environment) => (
        <label key={environment} className="choice">
          <input
            type="radio"
            name={name}
            value={environment}
            checked={chosen === environment}
            onChange={() => onChoose(environment)}
          />
          {t(`environments.${environment}`, { defaultValue: environment })}
        </label>
      ))}
    </fieldset>
  )
}
