import { useEffect, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { WIDE_BREAKPOINT } from '../../../shared/frame/constants.ts'
import { headerButtons, LOGO, NAV_MENUS } from '../../../shared/frame/navigation.ts'
import { Navbar } from './Navbar.tsx'
import { pageUrlOf } from './useFrame.ts'

/** The navbar with its state: collapsed side menu, 65px when scrolled, re-laid out on resize. */
export function SiteHeader() {
  const pageContext = usePageContext()
  const { isPhone, user } = pageContext
  const { pathname } = pageUrlOf(pageContext)
  const [collapsed, setCollapsed] = useState(true)
  const [compact, setCompact] = useState(false)

  useEffect(() => {
    const onScroll = () => setCompact(window.scrollY > 8)
    onScroll()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])

  useEffect(() => {
    if (isPhone) return
    // Growing past the breakpoint shows the desktop menus again: fold the side menu away.
    const wide = window.matchMedia(`(min-width: ${WIDE_BREAKPOINT}px)`)
    const onChange = () => {
      if (wide.matches) setCollapsed(true)
    }
    wide.addEventListener('change', onChange)
    return () => wide.removeEventListener('change', onChange)
  }, [isPhone])

  // A navigation closes the side menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every page change on purpose
  useEffect(() => setCollapsed(true), [pathname])

  const buttons = headerButtons({ signedIn: Boolean(user) })
  return (
    <Navbar
      variant={isPhone ? 'phone' : 'desktop'}
      collapsed={collapsed}
      compact={compact}
      menus={NAV_MENUS}
      logo={LOGO}
      buttons={buttons}
      sideButtons={buttons}
      onCollapsedChange={setCollapsed}
    />
  )
}
