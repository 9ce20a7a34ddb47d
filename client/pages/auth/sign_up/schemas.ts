type SignUpSchemas = typeof import('../../../../shared/schemas/signUp.ts')

let loading: Promise<SignUpSchemas> | undefined

/**
 * The sign-up schemas, and zod with them, load when a form is first used rather than with the
 * page: zod is a quarter of the page's JavaScript and its start-up was the page's biggest
 * blocking task after hydration (Lighthouse, issue 8). The forms call this on the first
 * pointer or input event, so by the time someone submits it has long arrived; a failed load is
 * forgotten so the next submit tries again.
 */
export function signUpSchemas(): Promise<SignUpSchemas> {
  loading ??= import('../../../../shared/schemas/signUp.ts').catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}

/** Starts loading the schemas; for a form's first pointer or input event. */
export function preloadSignUpSchemas() {
  void signUpSchemas().catch(() => undefined)
}
