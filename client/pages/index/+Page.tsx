import { useTranslation } from 'react-i18next'
import { MEDIA_PREFIX } from '../../../shared/frame/constants.ts'
import { NAV_MENUS } from '../../../shared/frame/navigation.ts'
import { FrameLink } from '../../components/frame/FrameLink.tsx'
import { CardList, CtaButtons } from '../../components/frame/Marketing.tsx'
import '../../components/frame/marketing.css'

const [products, solutions] = NAV_MENUS

/** The home page at `/`: what the suite is, its products and solutions, generated from the nav data. */
export default function HomePage() {
  const { t } = useTranslation('frame')
  return (
    <div className="mk-page">
      <section className="mk-hero" aria-labelledby="home-title">
        <div className="mk-container mk-hero__grid">
          <div className="mk-hero__copy">
            <p className="mk-eyebrow">{t('home.eyebrow')}</p>
            <h1 id="home-title" className="mk-hero__title">
              {t('home.title')}
            </h1>
            <p className="mk-lead">{t('home.text')}</p>
            <CtaButtons />
          </div>
          <img
            className="mk-hero__image"
            src={`${MEDIA_PREFIX}hero-console.svg`}
            width={560}
            height={400}
            alt={t('home.imageAlt')}
            fetchPriority="high"
          />
        </div>
      </section>

      <section className="mk-section" aria-labelledby="home-products">
        <div className="mk-container">
          <h2 id="home-products" className="mk-section__title">
            {t('home.productsTitle')}
          </h2>
          <p className="mk-section__text">{t('home.productsText')}</p>
          {products?.items?.map((group) => (
            <div key={group.title} className="mk-group">
              <h3 className="mk-group__title">{t(group.title)}</h3>
              <CardList items={group.items} />
            </div>
          ))}
        </div>
      </section>

      <section className="mk-section mk-section--tinted" aria-labelledby="home-solutions">
        <div className="mk-container">
          <h2 id="home-solutions" className="mk-section__title">
            {t('home.solutionsTitle')}
          </h2>
          <p className="mk-section__text">{t('home.solutionsText')}</p>
          <CardList items={solutions?.items?.flatMap((group) => group.items) ?? []} />
        </div>
      </section>

      <section className="mk-section" aria-labelledby="home-workflow">
        <div className="mk-container mk-workflow">
          <h2 id="home-workflow" className="mk-section__title">
            {t('home.workflowTitle')}
          </h2>
          <p className="mk-section__text">{t('home.workflowText')}</p>
          <img
            className="mk-workflow__image"
            src={`${MEDIA_PREFIX}workflow.svg`}
            width={960}
            height={320}
            alt={t('home.workflowAlt')}
            loading="lazy"
            decoding="async"
          />
          <p className="mk-workflow__more">
            <FrameLink to="/omnichannel" className="mk-more">
              {t('page.learnMore')}
              <span className="visually-hidden">: {t('items.omnichannel.title')}</span>
            </FrameLink>
          </p>
        </div>
      </section>
    </div>
  )
}
