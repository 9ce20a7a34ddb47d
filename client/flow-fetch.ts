import type { ApiEnvelope } from '../shared/envelope.ts'

/**
 * A same-origin call to one of the BFF's flow routes (not the endpoint table): the custom header
 * the CSRF check asks for, JSON both ways, and an envelope back even when the network fails.
 */
export async function flowFetch<Item = Record<string, unknown>>(
  url: string,
  body?: Record<string, unknown>,
): Promise<ApiEnvelope<Item> & { status: number }> {
  try {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      credentials: 'same-origin',
      headers: {
        'X-Requested-With': 'XMLHttpRequest',
        // The page's language, as the call layer sends it: the BFF answers (and calls upstream) in it.
        Language: document.documentElement.lang.startsWith('zh') ? 'zh' : 'en',
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    })
    const json = (await response.json()) as ApiEnvelope<Item>
    return { ...json, status: response.status }
  } catch {
    return { retCode: '0', retMsg: '', item: {} as Item, items: [], status: 0 }
  }
}
