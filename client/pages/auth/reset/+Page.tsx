import { useEffect, useRef, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { resetEndpoints } from '../../../../shared/api/endpoints/reset.ts'
import { resetLinkSteps } from '../../../../shared/api/flow-steps.ts'
import { isSuccess, NOT_IN_FLOW } from '../../../../shared/envelope.ts'
import { type FieldError, resetError } from '../../../../shared/forms/reset-errors.ts'
import type { ResetPageStep } from '../../../../shared/forms/reset-form.ts'
import { useApiClient } from '../../../api.ts'
import { pageUrlOf } from '../../../components/frame/useFrame.ts'
import { navigate } from '../../../runtime/router.ts'
import { useTranslation } from '../../../translation.tsx'
import { loadResetFlow, restartResetFlow } from './flow.ts'
import { NewPasswordStep } from './NewPasswordStep.tsx'
import { ResetForm, type ResetPosted, ResetPostedContext } from './posted.tsx'
import { RequestStep } from './RequestStep.tsx'
import { WaitStep } from './WaitStep.tsx'
import './reset.css'
import { RET_CODES } from '../../../../shared/api/ret-codes.ts'

type View = ResetPageStep | { kind: 'checkingLink' }

/**
 * The id of an e-mailed link: `#id=` (never sent to any server, ADR 0036), or `?id=` as a link
 * of another form may carry it. Read in the browser only, never rendered by the server.
 */
function linkIdFromUrl(): string | undefined {
  // Only the fragment: it never reaches a server, a log or a Referer (no `?id=`, finding M1).
  return new URLSearchParams(window.location.hash.slice(1)).get('id') || undefined
}

/**
 * Password reset (spec §4): request a link by e-mail or a code by text, check it, set the new
 * password, then the 'password updated' page. Nobody is signed in by a reset.
 */
export default function ResetPage() {
  const { t } = useTranslation()
  const pageContext = usePageContext()
  const { language, formState } = pageContext
  const { languageQuery } = pageUrlOf(pageContext)
  const api = useApiClient()
  // The step the server rendered (a form posted without JavaScript, or a reset under way): the
  // page starts there, with what the server said about it, instead of asking again.
  const served = formState?.form === 'reset' ? formState : null
  const [servedView] = useState<View | null>(served?.reset?.step ?? null)
  const [view, setView] = useState<View>(servedView ?? { kind: 'flow', flow: { step: 'request' } })
  const [ready, setReady] = useState(servedView !== null)
  const languageParam = languageQuery ? language : undefined
  const posted: ResetPosted = {
    // The values, errors and notice belong to the step the server rendered, not to later ones.
    values: view === servedView ? ((served?.values ?? {}) as Record<string, string>) : {},
    errors: view === servedView ? (served?.errors ?? {}) : {},
    resendAt: view === servedView ? served?.reset?.resendAt : undefined,
    notice: view === servedView ? served?.reset?.notice : undefined,
    formToken: served?.reset?.formToken,
    languageParam,
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once; the served view is the first state
  useEffect(() => {
    let live = true
    const id = linkIdFromUrl()
    if (!id && servedView) return
    if (id) {
      setView({ kind: 'checkingLink' })
      void api.call(resetLinkSteps.check, { data: { id }, throws: false }).then((answer) => {
        if (!live) return
        const email = (answer.item as { email?: unknown }).email
        setView(isSuccess(answer) ? { kind: 'link', email: String(email ?? '') } : { kind: 'expired' })
        setReady(true)
      })
    } else {
      void loadResetFlow().then((flow) => {
        if (!live) return
        setView({ kind: 'flow', flow })
        setReady(true)
      })
    }
    return () => {
      live = false
    }
  }, [api])

  async function finished() {
    // Replace the link's URL in the history: Back must not lead to a used link.
    await navigate(`/auth/reset/done${languageQuery}`, { overwriteLastHistoryEntry: true })
  }

  async function restart() {
    setView({ kind: 'flow', flow: await restartResetFlow() })
    if (linkIdFromUrl()) window.history.replaceState(null, '', `/auth/reset${languageQuery}`)
  }

  async function saveByLink(password: string, confirmPassword: string): Promise<FieldError | undefined> {
    const answer = await api.call(resetLinkSteps.newPassword, {
      data: { password, confirmPassword },
      throws: false,
    })
    if (isSuccess(answer)) return void (await finished())
    // Used or expired, or no checked link in this session any more: the link-expired step.
    if (answer.retCode === RET_CODES.codeExpired || answer.retCode === NOT_IN_FLOW)
      return void setView({ kind: 'expired' })
    return resetError(answer, t, 'other')
  }

  async function saveByCode(password: string, confirmPassword: string): Promise<FieldError | undefined> {
    const answer = await api.call(resetEndpoints.setServiceNewPwd, {
      data: { password, confirmPassword },
      throws: false,
    })
    if (isSuccess(answer)) return void (await finished())
    if (answer.retCode === RET_CODES.codeExpired || answer.retCode === NOT_IN_FLOW) {
      setView({ kind: 'flow', flow: await restartResetFlow() })
      return undefined
    }
    return resetError(answer, t, 'other')
  }

  const flow = view.kind === 'flow' ? view.flow : undefined
  const step = stepName(view)
  const firstStep = useRef(step)
  // A new step replaces the form that had focus: keyboard and screen-reader users land on its heading.
  useEffect(() => {
    if (step === firstStep.current) return
    firstStep.current = ''
    const heading = document.getElementById('reset-title')
    const active = document.activeElement
    // A step whose first field took focus itself (autoFocus) keeps it.
    if (active && active !== document.body && heading?.closest('section')?.contains(active)) return
    heading?.focus()
  }, [step])
  return (
    <ResetPostedContext.Provider value={posted}>
      <section className="card" aria-labelledby="reset-title" data-testid={`reset-${step}`}>
        {view.kind === 'checkingLink' && (
          <>
            <h1 id="reset-title" tabIndex={-1}>
              {t('reset:newTitle')}
            </h1>
            <p role="status">{t('reset:checking')}</p>
          </>
        )}
        {view.kind === 'expired' && (
          <>
            <h1 id="reset-title" tabIndex={-1}>
              {t('reset:expiredTitle')}
            </h1>
            <p>{t('reset:expiredBody')}</p>
            <ResetForm
              step="restart"
              onSubmit={(event) => {
                event.preventDefault()
                void restart()
              }}
            >
              <button type="submit" className="button primary">
                {t('reset:requestNew')}
              </button>
            </ResetForm>
          </>
        )}
        {view.kind === 'link' && (
          <NewPasswordStep account={view.email} step="linkPassword" save={saveByLink} />
        )}
        {flow?.step === 'request' && (
          <RequestStep ready={ready} onSent={(next) => setView({ kind: 'flow', flow: next })} />
        )}
        {(flow?.step === 'sent' || flow?.step === 'code') && (
          <WaitStep
            via={flow.via}
            account={flow.account}
            {...(flow.areaCode ? { areaCode: flow.areaCode } : {})}
            resendInSeconds={flow.resendInSeconds}
            onVerified={() => setView({ kind: 'flow', flow: { ...flow, step: 'newPassword' } })}
            onRestart={restart}
            onLinkChecked={(email) => setView({ kind: 'link', email })}
            onLinkExpired={() => setView({ kind: 'expired' })}
          />
        )}
        {flow?.step === 'newPassword' && (
          <NewPasswordStep account={flow.account} step="password" save={saveByCode} />
        )}
        <p className="aside">
          <a href={`/auth/sign_in${languageQuery}`}>{t('reset:backToSignIn')}</a>
        </p>
      </section>
    </ResetPostedContext.Provider>
  )
}

function stepName(view: View): string {
  return view.kind === 'flow' ? view.flow.step : view.kind
}
