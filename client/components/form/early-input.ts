/**
 * What a visitor did to a server-rendered form while its scripts were still loading (a slow
 * phone): the browser kept the typing, ticks and choices in the DOM, and hydration does not touch
 * them, but the first re-render would put the component's empty state back. Read once, in the
 * first effect after hydration, and copied into state, nothing the visitor did is lost.
 */
export function earlyText(input: HTMLInputElement | null | undefined): string {
  return input?.value ?? ''
}

export function earlyTick(input: HTMLInputElement | null | undefined): boolean {
  return input?.checked === true
}

/** The value of the radio button of `name` that is checked in `form`, if any. */
export function earlyChoice(form: HTMLFormElement | null | undefined, name: string): string | undefined {
  const checked = form?.querySelector<HTMLInputElement>(`input[type="radio"][name="${name}"]:checked`)
  return checked?.value
}
