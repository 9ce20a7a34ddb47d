/** What GeeTest v4's `getValidate()` returns: forwarded to checkSgGeetestInfo, verified upstream. */
export interface ProviderResult {
  lot_number: string
  captcha_output: string
  pass_token: string
  gen_time: string
}

/** The part of GeeTest v4's captcha object (gt4.js) the adapter uses. */
export interface ProviderCaptcha {
  onReady(callback: () => void): ProviderCaptcha
  onSuccess(callback: () => void): ProviderCaptcha
  onError(callback: (error: unknown) => void): ProviderCaptcha
  showCaptcha(): void
  reset(): void
  getValidate(): ProviderResult | false
  destroy?(): void
}

export type InitProvider = (
  config: { captchaId: string; product: 'bind'; language: 'eng' | 'zho' },
  ready: (captcha: ProviderCaptcha) => void,
) => void

declare global {
  interface Window {
    initGeetest4?: InitProvider
  }
}

let loading: Promise<InitProvider> | null = null

/**
 * Loads the provider's script once per page, carrying this response's CSP nonce (the policy allows
 * only nonce-bearing scripts and what they load: ADR 0017, 0027).
 */
export function loadProviderScript(scriptUrl: string): Promise<InitProvider> {
  loading ??= new Promise<InitProvider>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = scriptUrl
    script.async = true
    script.nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? ''
    script.onload = () =>
      window.initGeetest4 ? resolve(window.initGeetest4) : reject(new Error('initGeetest4 missing'))
    script.onerror = () => reject(new Error(`could not load ${scriptUrl}`))
    document.head.append(script)
  }).catch((error: unknown) => {
    loading = null // a later captcha may try again (the network may be back)
    throw error
  })
  return loading
}
