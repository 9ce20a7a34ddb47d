import { usePageContext } from 'vike-react/usePageContext'
import { MEDIA_PREFIX } from '../../../shared/frame/constants.ts'
import { NAV_MENUS } from '../../../shared/frame/navigation.ts'
import type { NavbarProps } from '../../../shared/frame/types.ts'
import { useTranslation } from '../../translation.tsx'
import { SignOutForm } from '../SignOutForm.tsx'
import { DesktopMenus } from './DesktopMenus.tsx'
import { Fragment } from './Fragment.tsx'
import { FrameLink } from './FrameLink.tsx'
import { HeaderButtons } from './HeaderButtons.tsx'
import { CloseIcon, MenuIcon } from './icons.tsx'
import { LanguageSwitch } from './LanguageSwitch.tsx'
import { SIDE_MENU_ID, SideMenu } from './SideMenu.tsx'
import { useFrameText } from './useFrameText.ts'

export interface NavbarViewProps extends NavbarProps {
  /** `phone`: the simple 47px logo header (decided server-side from the user agent). */
  variant: 'desktop' | 'phone'
  /** The 65px alternate height (the page is scrolled). */
  compact: boolean
  onCollapsedChange: (collapsed: boolean) => void
}

/**
 * The top bar (spec §2, §3). Desktop: logo, menus with dropdowns, language switch and buttons;
 * below the wide breakpoint (CSS) the menus fold into the side menu behind the collapse toggle.
 * Phone: the logo and the toggle only.
 */
export function Navbar(props: NavbarViewProps) {
  const t = useFrameText()
  const { variant, collapsed, compact, menus, logo, buttons, sideButtons, onCollapsedChange } = props
  const phone = variant === 'phone'
  const { user } = usePageContext()
  const { t: tc } = useTranslation()
  const toggleId = 'fr-toggle'
  return (
    <header
      className={`fr-header fr-header--${variant}${compact && !phone ? ' fr-header--compact' : ''}`}
      data-testid="site-header"
    >
      <div className="fr-header__inner">
        <FrameLink to={logo.path} className="fr-logo">
          <img
            src={`${MEDIA_PREFIX}${logo.icon}`}
            width={phone ? Math.round((logo.width * 26) / logo.height) : logo.width}
            height={phone ? 26 : logo.height}
            alt={t(logo.alt)}
          />
        </FrameLink>
        {!phone && (
          <>
            {/* The same on every page of a key: rendered once per key on the server (ADR 0060). */}
            <Fragment
              as="nav"
              name={menus === NAV_MENUS ? 'desktop-menus' : ''}
              className="fr-nav"
              aria-label={t('nav.label')}
            >
              <DesktopMenus menus={menus} />
            </Fragment>
            <div className="fr-actions">
              <LanguageSwitch />
              <HeaderButtons buttons={buttons} className="fr-buttons" />
            </div>
          </>
        )}
        {user && (
          // Outside the folding actions and the side menu: reachable at every width, with or without JavaScript.
          <div className="fr-account">
            <span className="fr-account__name" data-testid="header-account">
              {/* On a phone only the address shows; the words stay for screen readers. */}
              <span className="fr-account__label">{tc('signIn.account')}</span> {user.email}
            </span>
            <SignOutForm className="fr-btn fr-btn--text" testId="header-sign-out" />
          </div>
        )}
        <button
          id={toggleId}
          type="button"
          className="fr-toggle"
          aria-expanded={!collapsed}
          aria-controls={SIDE_MENU_ID}
          aria-label={collapsed ? t('nav.openMenu') : t('nav.closeMenu')}
          onClick={() => onCollapsedChange(!collapsed)}
        >
          {collapsed ? <MenuIcon /> : <CloseIcon />}
        </button>
      </div>
      <SideMenu
        menus={menus}
        buttons={sideButtons}
        collapsed={collapsed}
        onClose={(refocus) => {
          onCollapsedChange(true)
          if (refocus) document.getElementById(toggleId)?.focus()
        }}
      />
    </header>
  )
}
