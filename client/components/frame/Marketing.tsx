import { SIGN_UP_LANGUAGE_PLACEHOLDER } from '../../../shared/frame/constants.ts'
import type { NavItem } from '../../../shared/frame/types.ts'
import { FrameLink, NavItemLink } from './FrameLink.tsx'
import { ExternalIcon } from './icons.tsx'
import { MediaIcon } from './MediaIcon.tsx'
import { useFrameText } from './useFrameText.ts'

type CardItem = Pick<NavItem, 'id' | 'path' | 'href' | 'target' | 'icon'>

/** Cards for nav items or pages: icon, title and description from `items.<id>`; images lazy. */
export function CardList({ items }: { items: CardItem[] }) {
  const t = useFrameText()
  return (
    <ul className="mk-cards">
      {items.map((item) => (
        <li key={item.id}>
          <NavItemLink item={item} className="mk-card">
            {item.icon && <MediaIcon className="mk-card__icon" name={item.icon} size={40} />}
            <span className="mk-card__title">
              {t(`items.${item.id}.title`)}
              {item.target === '_blank' && <ExternalIcon />}
            </span>
            <span className="mk-card__desc">{t(`items.${item.id}.desc`)}</span>
          </NavItemLink>
        </li>
      ))}
    </ul>
  )
}

/** Free Trial and Book Demo, as in the header. */
export function CtaButtons() {
  const t = useFrameText()
  return (
    <p className="mk-cta">
      <FrameLink
        to={`/auth/sign_up?language=${SIGN_UP_LANGUAGE_PLACEHOLDER}`}
        className="fr-btn fr-btn--primary fr-btn--large"
      >
        {t('buttons.freeTrial')}
      </FrameLink>
      <FrameLink to="/demo/" className="fr-btn fr-btn--default fr-btn--large">
        {t('buttons.bookDemo')}
      </FrameLink>
    </p>
  )
}
