import { passwordRules } from '../../../shared/schemas/rules.ts'
import { useTranslation } from '../../translation.tsx'
import './form.css'

/**
 * The spec §5 password rule as a checklist that follows what is typed (announced politely). Its
 * texts come from the flow's namespace (`rulesLabel`, `rules.*`, `ruleMet`, `ruleNotMet`).
 */
export function PasswordRules({
  id,
  value,
  namespace,
}: {
  id: string
  value: string
  namespace: 'reset' | 'signUp'
}) {
  const { t } = useTranslation(namespace)
  const rules = passwordRules(value)
  const items = [
    ['length', rules.length],
    ['classes', rules.classes],
    ['characters', rules.characters && value !== ''],
  ] as const
  return (
    <div id={id} className="password-rules" aria-live="polite">
      <p>{t('rulesLabel')}</p>
      <ul>
        {items.map(([name, met]) => (
          <li key={name} className={met ? 'rule rule--met' : 'rule'} data-met={met}>
            <span aria-hidden="true">{met ? '✓' : '•'}</span> {t(`rules.${name}`)}
            <span className="visually-hidden"> ({met ? t('ruleMet') : t('ruleNotMet')})</span>
          </li>
        ))}
      </ul>
    </div>
  )
}
