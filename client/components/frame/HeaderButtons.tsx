import type { HeaderButton } from '../../../shared/frame/types.ts'
import { FrameLink } from './FrameLink.tsx'
import { useFrameText } from './useFrameText.ts'

/** The visible header buttons (spec §3 `buttons`: type, href, rel, target, visible, title, onClick). */
export function HeaderButtons({ buttons, className }: { buttons: HeaderButton[]; className: string }) {
  const t = useFrameText()
  return (
    <ul className={className}>
      {buttons
        .filter((button) => button.visible)
        .map((button) => (
          <li key={button.id}>
            <FrameLink
              to={button.href}
              target={button.target}
              rel={button.rel}
              onClick={button.onClick}
              className={`fr-btn fr-btn--${button.type}`}
              data-testid={`header-${button.id}`}
            >
              {t(button.title)}
            </FrameLink>
          </li>
        ))}
    </ul>
  )
}
