import type { AnchorHTMLAttributes, ReactNode } from 'react'
import { anchorAttributes } from '../../../shared/frame/links.ts'
import type { LinkTarget, NavItem } from '../../../shared/frame/types.ts'
import { useFrame } from './useFrame.ts'
import { useFrameText } from './useFrameText.ts'

export interface FrameLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target'> {
  /** A frame path or an absolute address (spec §5). */
  to: string
  target?: LinkTarget | undefined
  /** A full page load even for an in-site path (e.g. the language switch). */
  fullReload?: boolean
  /** The site base the path is relative to (default SITE_BASE). */
  base?: string
  children: ReactNode
}

/**
 * A frame link: the spec §5 rules, `noopener noreferrer` and a spoken hint on new tabs,
 * `data-vike="false"` (full page load) on absolute links, `aria-current` on the current page.
 */
export function FrameLink({ to, target, fullReload, base, children, ...rest }: FrameLinkProps) {
  const { href, pathname } = useFrame(base)
  const attributes = anchorAttributes(href(to), target, { fullReload: fullReload ?? false })
  const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path)
  const linkPath = trim(attributes.href.split(/[?#]/, 1)[0] ?? '')
  const current = linkPath === trim(pathname) && !attributes.href.includes('#') ? 'page' : undefined
  return (
    <a {...rest} {...attributes} aria-current={rest['aria-current'] ?? current}>
      {children}
      {target === '_blank' && <NewTabHint />}
    </a>
  )
}

/**
 * The spoken "opens in a new tab". Its own component so that only new-tab links subscribe to the
 * translations: the frame has dozens of links and each subscription costs the render (issue 8).
 */
function NewTabHint() {
  const t = useFrameText()
  return <span className="visually-hidden"> {t('newTab')}</span>
}

/** A frame link to a nav item: its site path, else its absolute address, in the item's target. */
export function NavItemLink({
  item,
  ...rest
}: Omit<FrameLinkProps, 'to' | 'target'> & { item: Pick<NavItem, 'path' | 'href' | 'target'> }) {
  return <FrameLink {...rest} to={item.path ?? item.href ?? '/'} target={item.target} />
}
