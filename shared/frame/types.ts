/**
 * The frame's entities (spec §3). Every text field (`title`, `desc`, `alt`, `text`) is a key of
 * the `frame` i18n namespace, so one data set serves both languages.
 */

export type LinkTarget = '_self' | '_blank'

/** One link of a sub-menu, or a top-level item (then with `path` and no `items`). */
export interface NavItem {
  /** Stable id; marketing pages use it as their page id. */
  id: string
  title: string
  /** Site-relative path (spec §5 rules apply) … */
  path?: string
  /** … or an absolute address, left untouched. */
  href?: string
  target?: LinkTarget
  items?: NavGroup[]
  desc?: string
  /** File name under MEDIA_PREFIX. */
  icon?: string
  alt?: string
}

/** Sub-menus are grouped by title (spec §2). */
export interface NavGroup {
  title: string
  items: NavItem[]
}

export interface FooterEntry {
  text: string
  href: string
  target?: LinkTarget
}

export interface FooterGroup {
  title: string
  entries: FooterEntry[]
}

export interface SocialEntry {
  /** Accessible name key. */
  title: string
  link: string
  icon: string
  hoveredIcon: string
  /** Modifier class (the CSP forbids inline styles, so "style" is a class name). */
  style: string
}

export interface FooterProps {
  marketingEmail: string
  language: 'en' | 'zh'
  base: string
}

export type HeaderButtonType = 'primary' | 'default' | 'text'

export interface HeaderButton {
  id: string
  type: HeaderButtonType
  href: string
  rel?: string
  target?: LinkTarget
  visible: boolean
  title: string
  onClick?: () => void
}

export interface NavLogo {
  path: string
  icon: string
  alt: string
  width: number
  height: number
}

export interface NavbarProps {
  /** Side menu hidden (true) or shown (false); toggled by the menu/close icon (spec §4). */
  collapsed: boolean
  menus: NavItem[]
  logo: NavLogo
  buttons: HeaderButton[]
  /** Buttons repeated at the bottom of the side menu. */
  sideButtons: HeaderButton[]
}
