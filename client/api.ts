import { useMemo } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import type { ApiClient, ApiClientOptions } from '../shared/api/call.ts'
import { toasts } from '../shared/ui/toasts.ts'
import { useTranslation } from './translation.tsx'

/**
 * The call layer (≈ 4 KB gzip with its query and answer rules) is not part of any page's first
 * load (ADR 0065): it is fetched when the user first presses a key or a pointer — before the
 * first call in practice — or by the first call itself.
 */
let callLayer: Promise<typeof import('../shared/api/call.ts')> | undefined
const loadCallLayer = () => {
  callLayer ??= import('../shared/api/call.ts')
  return callLayer
}
if (typeof window !== 'undefined') {
  for (const type of ['pointerdown', 'keydown']) {
    window.addEventListener(type, loadCallLayer, { once: true, passive: true, capture: true })
  }
}

/** A client whose first call loads the call layer; the same calls and answers as createApiClient's. */
function lazyApiClient(options: ApiClientOptions): ApiClient {
  let client: Promise<ApiClient> | undefined
  return {
    call: (endpoint, callOptions) => {
      client ??= loadCallLayer().then(({ createApiClient }) => createApiClient(options))
      return client.then((loaded) => loaded.call(endpoint, callOptions))
    },
  }
}

/** The call layer bound to this page's language, translations and toasts. */
export function useApiClient(): ApiClient {
  const { language, edition } = usePageContext()
  const { i18n } = useTranslation()
  return useMemo(
    () =>
      lazyApiClient({
        language: () => language,
        translate: (key, fallback) => (i18n.exists(key) ? i18n.t(key) : fallback),
        notify: (toast) => toasts.push(toast),
        preferZeroVariant: edition === 'international',
      }),
    [language, edition, i18n],
  )
}

/** Ends the session: POST with the custom header the BFF's CSRF check asks for. */
export async function signOut(): Promise<void> {
  await fetch('/auth/sign_out', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  })
}
