import { useMemo } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { type ApiClient, createApiClient } from '../shared/api/call.ts'
import type { ApiEnvelope } from '../shared/envelope.ts'
import { toasts } from '../shared/ui/toasts.ts'
import { useTranslation } from './translation.tsx'

/** The call layer bound to this page's language, translations and toasts. */
export function useApiClient(): ApiClient {
  const { language, edition } = usePageContext()
  const { i18n } = useTranslation()
  return useMemo(
    () =>
      createApiClient({
        language: () => language,
        translate: (key, fallback) => (i18n.exists(key) ? i18n.t(key) : fallback),
        notify: (toast) => toasts.push(toast),
        preferZeroVariant: edition === 'international',
      }),
    [language, edition, i18n],
  )
}

/** Tells the BFF which of the account's environments to sign in to (multi-environment picker). */
export async function chooseEnvironment(environment: string): Promise<ApiEnvelope> {
  const response = await fetch('/auth/environment', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' },
    body: JSON.stringify({ environment }),
  })
  return (await response.json()) as ApiEnvelope
}

/** Ends the session: POST with the custom header the BFF's CSRF check asks for. */
export async function signOut(): Promise<void> {
  await fetch('/auth/sign_out', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  })
}
