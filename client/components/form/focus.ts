/**
 * A callback ref that focuses the element when it is attached: for a field that appears in place of
 * another (the password after the e-mail, the code after the password), where keyboard and
 * screen-reader users expect to continue. `autoFocus` alone is not enough: the browser honours the
 * attribute only while the page loads, and Preact (ADR 0023), unlike React, does not call focus()
 * for elements it inserts later. Stable identity, so it runs on attach only, not on every render.
 */
export function focusWhenShown(element: HTMLElement | null): void {
  element?.focus()
}
