import { type FormEvent, useId, useState } from 'react'
import { MEDIA_PREFIX } from '../../../shared/frame/constants.ts'
import { FOOTER_GROUPS, SOCIAL_ENTRIES } from '../../../shared/frame/footer.ts'
import { signUpHref } from '../../../shared/frame/links.ts'
import type { FooterProps } from '../../../shared/frame/types.ts'
import { signUpLanguageQuery } from '../../../shared/language.ts'
import { FrameLink } from './FrameLink.tsx'
import { LanguageSwitch } from './LanguageSwitch.tsx'
import { useFrameText } from './useFrameText.ts'
import './footer.css'

/** The free-trial banner: the work e-mail goes unchecked into the sign-up link (spec §5, §7). */
function TrialBanner({ language }: { language: FooterProps['language'] }) {
  const t = useFrameText()
  const [email, setEmail] = useState('')
  const inputId = useId()
  const titleId = useId()
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // A full page load: sign-up is its own flow. Without JavaScript the form's GET does the same.
    window.location.assign(signUpHref(language, email))
  }
  return (
    <section className="fr-banner" aria-labelledby={titleId}>
      <div className="fr-container fr-banner__inner">
        <div>
          <h2 id={titleId} className="fr-banner__title">
            {t('footer.bannerTitle')}
          </h2>
          <p className="fr-banner__text">{t('footer.bannerText')}</p>
        </div>
        <form className="fr-banner__form" action="/auth/sign_up" method="get" noValidate onSubmit={submit}>
          <input type="hidden" name="language" value={signUpLanguageQuery(language)} />
          <label className="visually-hidden" htmlFor={inputId}>
            {t('footer.emailPlaceholder')}
          </label>
          <input
            id={inputId}
            className="fr-banner__input"
            name="serviceEmail"
            type="email"
            autoComplete="email"
            placeholder={t('footer.emailPlaceholder')}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <button type="submit" className="fr-btn fr-btn--primary fr-banner__button">
            {t('footer.bannerButton')}
          </button>
        </form>
      </div>
    </section>
  )
}

/** The marketing footer (spec §2): banner, four link groups, Support block, logo to `/`. */
export function Footer({ marketingEmail, language, base }: FooterProps) {
  const t = useFrameText()
  const supportId = useId()
  return (
    <footer className="fr-footer" data-testid="site-footer">
      <TrialBanner language={language} />
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
        <nav className="fr-footer__groups" aria-label={t('footer.label')}>
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
        </nav>
        <section className="fr-support" aria-labelledby={supportId}>
          <h2 id={supportId} className="fr-footer__title">
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
                  <img
                    className="fr-social__icon"
                    src={`${MEDIA_PREFIX}${entry.icon}`}
                    width={32}
                    height={32}
                    alt=""
                    loading="lazy"
                  />
                  <img
                    className="fr-social__icon fr-social__icon--hover"
                    src={`${MEDIA_PREFIX}${entry.hoveredIcon}`}
                    width={32}
                    height={32}
                    alt=""
                    loading="lazy"
                  />
                  <span className="visually-hidden">{t(entry.title)}</span>
                </FrameLink>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="fr-container fr-footer__copy">{t('footer.copyright')}</p>
    </footer>
  )
}
