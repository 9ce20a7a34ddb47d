import { type KeyboardEvent, useState } from 'react'
import { NAV_MENUS } from '../../../shared/frame/navigation.ts'
import type { HeaderButton, NavItem } from '../../../shared/frame/types.ts'
import { Fragment } from './Fragment.tsx'
import { NavItemLink } from './FrameLink.tsx'
import { HeaderButtons } from './HeaderButtons.tsx'
import { ChevronIcon, ExternalIcon } from './icons.tsx'
import { LanguageSwitch } from './LanguageSwitch.tsx'
import { useFrameText } from './useFrameText.ts'

export const SIDE_MENU_ID = 'fr-side-menu'

/** Up/Down/Home/End between the accordion headers (WAI-ARIA accordion pattern). */
function onHeaderKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
  const list = event.currentTarget.closest('.fr-side')
  const headers = Array.from(list?.querySelectorAll<HTMLButtonElement>('.fr-acc__head') ?? [])
  const index = headers.indexOf(event.currentTarget)
  const target =
    event.key === 'ArrowDown'
      ? headers[(index + 1) % headers.length]
      : event.key === 'ArrowUp'
        ? headers[(index - 1 + headers.length) % headers.length]
        : event.key === 'Home'
          ? headers[0]
          : event.key === 'End'
            ? headers.at(-1)
            : undefined
  if (target) {
    event.preventDefault()
    target.focus()
  }
}

/** The accordions of the side menu; `openId` is the open one (none on the server). */
function SideMenuList({
  menus,
  openId,
  onOpen,
  onClose,
}: {
  menus: NavItem[]
  openId: string | null
  onOpen: (id: string | null) => void
  onClose: (refocus: boolean) => void
}) {
  const t = useFrameText()
  return (
    <ul className="fr-side__list">
      {menus.map((menu) => {
        if (!menu.items) {
          return (
            <li key={menu.id} className="fr-side__item">
              <NavItemLink item={menu} className="fr-side__link" onClick={() => onClose(false)}>
                {t(menu.title)}
              </NavItemLink>
            </li>
          )
        }
        const open = openId === menu.id
        const headId = `fr-acc-${menu.id}-head`
        const panelId = `fr-acc-${menu.id}`
        return (
          <li key={menu.id} className={`fr-side__item fr-acc${open ? ' fr-acc--open' : ''}`}>
            <button
              type="button"
              id={headId}
              className="fr-acc__head"
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => onOpen(open ? null : menu.id)}
              onKeyDown={onHeaderKeyDown}
            >
              {t(menu.title)}
              <ChevronIcon />
            </button>
            <div id={panelId} className="fr-acc__panel" hidden={!open}>
              {menu.items.map((group) => (
                <div key={group.title} className="fr-acc__group">
                  <p className="fr-acc__title">{t(group.title)}</p>
                  <ul>
                    {group.items.map((leaf) => (
                      <li key={leaf.id}>
                        <NavItemLink item={leaf} className="fr-acc__link" onClick={() => onClose(false)}>
                          {t(leaf.title)}
                          {leaf.target === '_blank' && <ExternalIcon />}
                        </NavItemLink>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          </li>
        )
      })}
    </ul>
  )
}

/**
 * The narrow-screen menu (spec §2, §4): accordions, one open at a time; clicking an open header
 * closes it. Shown only when the navbar is not collapsed.
 */
export function SideMenu({
  menus,
  buttons,
  collapsed,
  onClose,
}: {
  menus: NavItem[]
  buttons: HeaderButton[]
  collapsed: boolean
  onClose: (refocus: boolean) => void
}) {
  const t = useFrameText()
  const [openId, setOpenId] = useState<string | null>(null)
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape from any control inside closes the menu (delegation)
    <div
      id={SIDE_MENU_ID}
      className="fr-side"
      hidden={collapsed}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose(true)
      }}
    >
      {/* The same on every page of a key: rendered once per key on the server (ADR 0060). */}
      <Fragment as="nav" name={menus === NAV_MENUS ? 'side-menu' : ''} aria-label={t('nav.sideMenu')}>
        <SideMenuList menus={menus} openId={openId} onOpen={setOpenId} onClose={onClose} />
      </Fragment>
      <HeaderButtons buttons={buttons} className="fr-side__buttons" />
      <div className="fr-side__lang">
        <LanguageSwitch />
      </div>
    </div>
  )
}
