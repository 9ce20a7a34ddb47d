import { safeReturnPath } from '../../safe-return.ts'

/**
 * The sandbox's codes for the spec §2 screens whose codes the spec does not show (ADR 0055):
 * no activated product (the notice) and no permission for the workbench (`/auth/restrict`).
 */
export const PRODUCT_NOT_ACTIVATED = '700702'
export const WORKBENCH_RESTRICTED = '700703'

const APP_TYPES = new Set(['console', 'serviceConsole', 'appConsole'])
const PRODUCT_CODES = new Set(['02', '09'])

/**
 * What the page was opened for (spec §3): `?appType=` console, serviceConsole or appConsole and
 * `?productCode=` 02 (console) or 09 (agent); anything else is left out and the upstream chooses.
 */
export function productRequest(search: string): { appType?: string; productCode?: string } {
  const query = new URLSearchParams(search)
  const appType = query.get('appType') ?? ''
  const productCode = query.get('productCode') ?? ''
  return {
    ...(APP_TYPES.has(appType) ? { appType } : {}),
    ...(PRODUCT_CODES.has(productCode) ? { productCode } : {}),
  }
}

/**
 * Where a fresh sign-in goes: a `return` path on this site when the link carried one, else the
 * console URL of the account's environment (the BFF only passes one under the configured
 * console, ADR 0056); undefined: stay here (the signed-in card).
 */
export function signedInTarget(search: string, consoleUrl: unknown): string | undefined {
  const target = new URLSearchParams(search).get('return')
  // Only a path on this site: an open redirect here would hand a fresh session to a phishing page.
  if (target) return safeReturnPath(target)
  return typeof consoleUrl === 'string' && /^https?:\/\//.test(consoleUrl) ? consoleUrl : undefined
}
