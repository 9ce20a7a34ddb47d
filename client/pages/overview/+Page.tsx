import { usePageContext } from 'vike-react/usePageContext'
import { MARKETING_EMAIL, MEDIA_PREFIX } from '../../../shared/frame/constants.ts'
import { marketingPageById, relatedPages } from '../../../shared/frame/pages.ts'
import { CardList, CtaButtons } from '../../components/frame/Marketing.tsx'
import { useTranslation } from '../../translation.tsx'
import '../../components/frame/marketing.css'

/**
 * A concise overview page for every in-site link of the frame, generated from the navigation
 * data (shared/frame/pages.ts): kind, title, summary, one paragraph, calls to action, related pages.
 */
export default function OverviewPage() {
  const { routeParams } = usePageContext()
  const { t } = useTranslation('frame')
  const page = marketingPageById(routeParams.id ?? '')
  if (!page) return null
  const related = relatedPages(page)
  return (
    <div className="mk-page">
      <section className="mk-hero mk-hero--page" aria-labelledby="page-title">
        <div className="mk-container mk-hero__grid">
          <div className="mk-hero__copy">
            <p className="mk-eyebrow">{t(`overview:kind.${page.kind}`)}</p>
            <h1 id="page-title" className="mk-hero__title">
              {t(`items.${page.id}.title`)}
            </h1>
            <p className="mk-lead">{t(`items.${page.id}.desc`)}</p>
            <p className="mk-body">{t(`overview:body.${page.id}`)}</p>
            <CtaButtons />
          </div>
          <img
            className="mk-hero__icon"
            src={`${MEDIA_PREFIX}${page.icon}`}
            width={160}
            height={160}
            alt={t(`items.${page.id}.alt`)}
          />
        </div>
      </section>

      {page.id === 'about' && (
        <section id="contactUs" className="mk-section mk-contact" aria-labelledby="contact-title">
          <div className="mk-container">
            <h2 id="contact-title" className="mk-section__title">
              {t('footer.contactUs')}
            </h2>
            <p className="mk-section__text">
              {t('overview:contact')} <a href={`mailto:${MARKETING_EMAIL}`}>{MARKETING_EMAIL}</a>
            </p>
          </div>
        </section>
      )}

      {related.length > 0 && (
        <section className="mk-section" aria-labelledby="related-title">
          <div className="mk-container">
            <h2 id="related-title" className="mk-section__title">
              {page.group ? t(page.group) : t('overview:moreTitle')}
            </h2>
            <CardList
              items={related.map((other) => ({ id: other.id, path: other.path, icon: other.icon }))}
            />
          </div>
        </section>
      )}
    </div>
  )
}
