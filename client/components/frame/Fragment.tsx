import { createElement, type HTMLAttributes, type ReactElement } from 'react'
import { usePageContext } from 'vike-react/usePageContext'

interface FragmentProps extends HTMLAttributes<HTMLElement> {
  /** The element that holds the part (its attributes are rendered as usual). */
  as: 'nav' | 'section' | 'div' | 'ul'
  /** Which part: names a fragment-cache entry together with the page's key (ADR 0060); '' renders it per page. */
  name: string
  children: ReactElement
}

/**
 * A frame part whose HTML the server renders once per key and then reuses; the browser renders
 * its children as usual, and hydration finds the same markup. Children must not use `useId` or
 * any per-request value beyond the key (fixed ids instead): they are rendered apart from the page.
 */
export function Fragment({ as, name, children, ...attributes }: FragmentProps) {
  const { frameFragment } = usePageContext()
  if (!frameFragment || !name) return createElement(as, attributes, children)
  return createElement(as, {
    ...attributes,
    dangerouslySetInnerHTML: { __html: frameFragment(name, children) },
  })
}
