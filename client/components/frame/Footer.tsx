import { type FormEvent, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { MEDIA_PREFIX } from '../../../shared/frame/constants.ts'
import { FOOTER_GROUPS, SOCIAL_ENTRIES } from '../../../shared/frame/footer.ts'
import { signUpHref } from '../../../shared/frame/links.ts'
import type { FooterProps } from '../../../shared/frame/types.ts'
import { signUpLanguageQuery } from '../../../shared/language.ts'
import { Fragment } from './Fragment.tsx'
import { FrameLink } from './FrameLink.tsx'
import { LanguageSwitch } from './LanguageSwitch.tsx'
import { MediaIcon } from './MediaIcon.tsx'
import { useFrameText } from './useFrameText.ts'
import './footer.css'

/** Fixed, not `useId`: the banner is rendered apart from the page on the server (ADR 0060). */
const BANNER_TITLE_ID = 'fr-banner-title'
const BANNER_EMAIL_ID = 'fr-banner-email'

/** The free-trial banner: the work e-mail goes unchecked into the sign-up link (spec §5, §7). */
function TrialBanner({ language }: { language: FooterProps['language'] }) {
  const [email, setEmail] = useState('')
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // A full page load: sign-up is its own flow. Without JavaScript the form's GET does the same.
    window.location.assign(signUpHref(language, email))
  }
  return (
    <Fragment as="section" name="footer-banner" className="fr-banner" aria-labelledby={BANNER_TITLE_ID}>
      <BannerBody language={language} email={email} onEmail={setEmail} onSubmit={submit} />
    </Fragment>
  )
}

function BannerBody({
  language,
  email,
  onEmail,
  onSubmit,
}: {
  language: FooterProps['language']
  email: string
  onEmail: (email: string) => void
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
}) {
  const t = useFrameText()
  return (
    <div className="fr-container fr-banner__inner">
      <div>
        <h2 id={BANNER_TITLE_ID} className="fr-banner__title">
          {t('footer.bannerTitle')}
        </h2>
        <p className="fr-banner__text">{t('footer.bannerText')}</p>
      </div>
      <form className="fr-banner__form" action="/auth/sign_up" method="get" noValidate onSubmit={onSubmit}>
        <input type="hidden" name="language" value={signUpLanguageQuery(language)} />
        <label className="visually-hidden" htmlFor={BANNER_EMAIL_ID}>
          {t('footer.emailPlaceholder')}
        </label>
        <input
          id={BANNER_EMAIL_ID}
          className="fr-banner__input"
          name="serviceEmail"
          type="email"
          autoComplete="email"
          placeholder={t('footer.emailPlaceholder')}
          value={email}
          onChange={(event) => onEmail(event.target.value)}
        />
        <button type="submit" className="fr-btn fr-btn--primary fr-banner__button">
          {t('footer.bannerButton')}
        </button>
      </form>
    </div>
  )
}

/** Fixed, not `useId`: the block is rendered apart from the page on the server (ADR 0060). */
const SUPPORT_TITLE_ID = 'fr-support-title'

function FooterGroups({ base }: { base: string | undefined }) {
  const t = useFrameText()
  return (
    <>
      {FOOTER_GROUPS.map((group) => (
        <div key={group.title} className="fr-footer__group">
          <h2 className="fr-footer__title">{t(group.title)}</h2>
          <ul>
            {group.entries.map((entry) => (
              <li key={entry.href}>
                <FrameLink to={entry.href} base={base} target={entry.target} className="fr-footer__link">
                  {t(entry.text)}
                </FrameLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  )
}

function SupportBlock({ marketingEmail }: { marketingEmail: string }) {
  const t = useFrameText()
  return (
    <>
      <h2 id={SUPPORT_TITLE_ID} className="fr-footer__title">
        {t('footer.support')}
      </h2>
      <p className="fr-support__text">{t('footer.supportText')}</p>
      <p>
        <a className="fr-footer__link fr-support__email" href={`mailto:${marketingEmail}`}>
          {marketingEmail}
        </a>
      </p>
      <p className="fr-support__follow">{t('footer.followUs')}</p>
      <ul className="fr-social">
        {SOCIAL_ENTRIES.map((entry) => (
          <li key={entry.link}>
            <FrameLink
              to={entry.link}
              target="_blank"
              className={`fr-social__link fr-social__link--${entry.style}`}
              data-testid={`social-${entry.style}`}
            >
              <MediaIcon className="fr-social__icon" name={entry.icon} size={32} />
              <MediaIcon
                className="fr-social__icon fr-social__icon--hover"
                name={entry.hoveredIcon}
                size={32}
              />
              <span className="visually-hidden">{t(entry.title)}</span>
            </FrameLink>
          </li>
        ))}
      </ul>
    </>
  )
}

/** The marketing footer (spec §2): banner, four link groups, Support block, logo to `/`. */
export function Footer({ marketingEmail, language, base }: FooterProps) {
  const t = useFrameText()
  // Someone signed in already has an account: no free-trial offer, as the bar shows none (issue
  // 18 point 8). Signed-in pages are rendered per request, so cached pages keep the banner.
  const { user } = usePageContext()
  return (
    <footer className="fr-footer" data-testid="site-footer">
      {user ? null : <TrialBanner language={language} />}
      <div className="fr-container fr-footer__main">
        <div className="fr-footer__brand">
          <FrameLink to="/" base={base} className="fr-footer__logo">
            <img
              src={`${MEDIA_PREFIX}logo-white.svg`}
              width={132}
              height={36}
              alt={t('logoAlt')}
              loading="lazy"
            />
          </FrameLink>
          <LanguageSwitch className="fr-lang--footer" />
        </div>
        {/* The same on every page of a key: rendered once per key on the server (ADR 0060). */}
        <Fragment
          as="nav"
          name={`footer-groups:${base ?? ''}`}
          className="fr-footer__groups"
          aria-label={t('footer.label')}
        >
          <FooterGroups base={base} />
        </Fragment>
        <Fragment
          as="section"
          name={`footer-support:${marketingEmail}`}
          className="fr-support"
          aria-labelledby={SUPPORT_TITLE_ID}
        >
          <SupportBlock marketingEmail={marketingEmail} />
        </Fragment>
      </div>
      <p className="fr-container fr-footer__copy">{t('footer.copyright')}</p>
    </footer>
  )
}
