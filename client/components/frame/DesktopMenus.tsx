import { type KeyboardEvent, useEffect, useRef, useState } from 'react'
import type { NavItem } from '../../../shared/frame/types.ts'
import { NavItemLink } from './FrameLink.tsx'
import { ChevronIcon, ExternalIcon } from './icons.tsx'
import { MediaIcon } from './MediaIcon.tsx'
import { useFrameText } from './useFrameText.ts'

/** Moves focus among the links of an open panel with the arrow keys, Home and End. */
function moveFocus(panel: HTMLElement | null, event: KeyboardEvent, from: 'button' | 'panel') {
  const links = Array.from(panel?.querySelectorAll<HTMLAnchorElement>('a[href]') ?? [])
  if (links.length === 0) return false
  const index = links.indexOf(document.activeElement as HTMLAnchorElement)
  let next: HTMLAnchorElement | undefined
  if (event.key === 'ArrowDown') next = from === 'button' ? links[0] : links[(index + 1) % links.length]
  else if (event.key === 'ArrowUp')
    next = from === 'button' ? links.at(-1) : links[(index - 1 + links.length) % links.length]
  else if (event.key === 'Home' && from === 'panel') next = links[0]
  else if (event.key === 'End' && from === 'panel') next = links.at(-1)
  if (!next) return false
  event.preventDefault()
  next.focus()
  return true
}

function Dropdown({ menu }: { menu: NavItem }) {
  const t = useFrameText()
  const [open, setOpen] = useState(false)
  const openedByHover = useRef(false)
  const item = useRef<HTMLLIElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  const panelId = `fr-menu-${menu.id}`

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (!item.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  const close = (refocus: boolean) => {
    setOpen(false)
    if (refocus) button.current?.focus()
  }

  return (
    <li
      ref={item}
      className={`fr-menu${open ? ' fr-menu--open' : ''}`}
      onMouseEnter={() => {
        if (!open) openedByHover.current = true
        setOpen(true)
      }}
      onMouseLeave={() => {
        openedByHover.current = false
        setOpen(false)
      }}
      onBlur={(event) => {
        if (!item.current?.contains(event.relatedTarget as Node | null)) setOpen(false)
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation()
          close(true)
        } else if (panel.current?.contains(event.target as Node)) {
          moveFocus(panel.current, event, 'panel')
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="fr-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          // A hover already opened it: the click that usually follows should not close it again.
          if (openedByHover.current && open) openedByHover.current = false
          else setOpen(!open)
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            setOpen(true)
            // The panel is in the DOM (hidden): show it first, then focus.
            requestAnimationFrame(() => moveFocus(panel.current, event, 'button'))
            event.preventDefault()
          }
        }}
      >
        {t(menu.title)}
        <ChevronIcon />
      </button>
      <div ref={panel} id={panelId} className="fr-dropdown" hidden={!open}>
        {menu.items?.map((group, index) => {
          const titleId = `${panelId}-group-${index}`
          return (
            <div className="fr-dropdown__group" key={group.title}>
              <p className="fr-dropdown__title" id={titleId}>
                {t(group.title)}
              </p>
              <ul aria-labelledby={titleId}>
                {group.items.map((leaf) => (
                  <li key={leaf.id}>
                    <NavItemLink item={leaf} className="fr-dropdown__link" onClick={() => setOpen(false)}>
                      {leaf.icon && <MediaIcon className="fr-dropdown__icon" name={leaf.icon} size={32} />}
                      <span className="fr-dropdown__text">
                        <span className="fr-dropdown__name">
                          {t(leaf.title)}
                          {leaf.target === '_blank' && <ExternalIcon />}
                        </span>
                        {leaf.desc && <span className="fr-dropdown__desc">{t(leaf.desc)}</span>}
                      </span>
                    </NavItemLink>
                  </li>
                ))}
              </ul>
            </div>
          )
        })}
      </div>
    </li>
  )
}

/** The desktop bar's menus: disclosure buttons with dropdown panels, and plain top-level links. */
export function DesktopMenus({ menus }: { menus: NavItem[] }) {
  const t = useFrameText()
  return (
    <ul className="fr-menus">
      {menus.map((menu) =>
        menu.items ? (
          <Dropdown key={menu.id} menu={menu} />
        ) : (
          <li key={menu.id} className="fr-menu">
            <NavItemLink item={menu} className="fr-menu__link">
              {t(menu.title)}
            </NavItemLink>
          </li>
        ),
      )}
    </ul>
  )
}
