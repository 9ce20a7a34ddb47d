import type { SignUpStep } from '../../../../shared/api/sign-up-flow.ts'
import { useTranslation } from '../../../translation.tsx'

const DESKTOP = ['credentials', 'verify', 'setup', 'questionnaire'] as const
const PHONE = ['credentials', 'verify'] as const
const POSITION: Record<SignUpStep, number> = {
  credentials: 0,
  sent: 1,
  limit: 1,
  setup: 2,
  questionnaire: 3,
  finish: 3,
  welcome: 4,
}

/** Where the user is in the journey, for sight and for screen readers ("Step 2 of 4"). */
export function Stepper({ step, mobile }: { step: SignUpStep; mobile: boolean }) {
  const { t } = useTranslation('signUp')
  const steps = mobile ? PHONE : DESKTOP
  const current = Math.min(POSITION[step], steps.length - 1)
  if (step === 'welcome') return null
  return (
    <nav className="stepper" aria-label={t('steps.label')}>
      <p className="visually-hidden">{t('stepOf', { current: current + 1, total: steps.length })}</p>
      <ol>
        {steps.map((name, index) => (
          <li
            key={name}
            className={index < current ? 'done' : index === current ? 'current' : ''}
            aria-current={index === current ? 'step' : undefined}
          >
            {t(`steps.${name}`)}
          </li>
        ))}
      </ol>
    </nav>
  )
}
