import { useEffect, useState } from 'react'
import { isSuccess } from '../../../shared/envelope.ts'
import type { ExternalFlowView } from '../../../shared/external-login/app.ts'
import { PROVIDER_MODE } from '../../../shared/external-login/app.ts'
import {
  type Provider,
  parseExternalLoginQuery,
  providerOf,
  strippedSearch,
} from '../../../shared/external-login/query.ts'
import { flowFetch } from '../../flow-fetch.ts'

export type ReturnView =
  | { kind: 'loading' }
  | { kind: 'idle' }
  | { kind: 'checking'; provider: Provider }
  | { kind: 'refused'; message: string }
  | { kind: 'error'; message: string }
  | { kind: 'signedIn'; next: 'consent' | 'signedIn' }
  | { kind: 'received'; provider: Provider }

/** True when the URL carries anything a provider sends back. */
function looksLikeReturn(query: Record<string, string>): boolean {
  return ['provider', 'code', 'state', 'payload', 'authId', 'retCode', 'domain'].some((name) => name in query)
}

function sameQuery(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(b)
  return (
    keys.every((key) => a[key] === b[key]) &&
    looksLikeReturn(a) &&
    Object.keys(a).every((k) => k === 'language' || k in b)
  )
}

/**
 * After hydration: reads a provider's return from the URL (never rendered by the server), hands it
 * to the BFF, then takes the provider's parameters out of the address bar with replaceState (spec
 * §4: no reload, no history entry). Also loads the flow in progress for the links (spec §2).
 */
export function useProviderReturn(base: string) {
  const [view, setView] = useState<ReturnView>({ kind: 'loading' })
  const [flow, setFlow] = useState<ExternalFlowView>({ signedIn: false, connect: null })

  useEffect(() => {
    let live = true
    const strip = (provider: Provider) => {
      const { pathname, search, hash } = window.location
      window.history.replaceState(
        window.history.state,
        '',
        `${pathname}${strippedSearch(search, provider)}${hash}`,
      )
    }
    const loadFlow = async () => {
      const answer = await flowFetch<ExternalFlowView>(`${base}/api/flow`)
      const current = isSuccess(answer) ? answer.item : { signedIn: false, connect: null }
      if (live) setFlow(current)
      return current
    }
    void (async () => {
      const query = Object.fromEntries(new URLSearchParams(window.location.search))
      const current = await loadFlow()
      if (!live) return
      // A link of this app that carries the saved connect query is not a new return.
      if (current.connect && sameQuery(query, current.connect.query)) {
        strip(current.connect.provider)
        setView({ kind: 'idle' })
        return
      }
      if (!looksLikeReturn(query)) {
        setView({ kind: 'idle' })
        return
      }
      const provider = providerOf(query)
      if (!provider) {
        setView({ kind: 'error', message: '' })
        return
      }
      const parsed = parseExternalLoginQuery(query, PROVIDER_MODE[provider])
      setView({ kind: 'checking', provider })
      const answer = await flowFetch<{ next?: string; reason?: string }>(`${base}/api/return`, query)
      if (!live) return
      strip(provider)
      if (answer.status === 400 && answer.item.reason === 'state') {
        setView({ kind: 'refused', message: answer.retMsg })
      } else if (!parsed.ok || !isSuccess(answer)) {
        setView({ kind: 'error', message: answer.retMsg })
      } else if (PROVIDER_MODE[provider] === 'connect') {
        await loadFlow()
        if (live) setView({ kind: 'received', provider })
      } else {
        await loadFlow()
        if (live) setView({ kind: 'signedIn', next: answer.item.next === 'consent' ? 'consent' : 'signedIn' })
      }
    })()
    return () => {
      live = false
    }
  }, [base])

  return { view, flow }
}
