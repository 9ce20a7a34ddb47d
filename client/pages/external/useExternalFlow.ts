import { useEffect, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { isSuccess } from '../../../shared/envelope.ts'
import { type ExternalFlowView, type ReturnView, returnViewOf } from '../../../shared/external-login/app.ts'
import { flowFetch } from '../../flow-fetch.ts'

const NO_FLOW: ExternalFlowView = { signedIn: false, connect: null, returned: null }

/**
 * The flow in progress and the result of the provider's return this page was sent back with.
 * The server read the return when the page was requested (spec §4: checked, then the browser sent
 * on to this clean address) and rendered the page with both, so they are there without
 * JavaScript. A page the server did not render (a navigation inside the app) asks `{base}/api/flow`.
 */
export function useExternalFlow(base: string): {
  view: ReturnView | { kind: 'loading' }
  flow: ExternalFlowView
} {
  const { formState } = usePageContext()
  const rendered = formState?.form === 'externalApp' ? formState.externalApp : undefined
  const [flow, setFlow] = useState<ExternalFlowView | undefined>(rendered)

  useEffect(() => {
    if (rendered) return
    let live = true
    void flowFetch<ExternalFlowView>(`${base}/api/flow`).then((answer) => {
      if (live) setFlow(isSuccess(answer) ? answer.item : NO_FLOW)
    })
    return () => {
      live = false
    }
  }, [base, rendered])

  return flow ? { view: returnViewOf(flow.returned), flow } : { view: { kind: 'loading' }, flow: NO_FLOW }
}
