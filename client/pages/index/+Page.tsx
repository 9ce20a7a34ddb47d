import type { ReactNode } from 'react'
import { MEDIA_PREFIX } from '../../../shared/frame/constants.ts'
import { NAV_MENUS } from '../../../shared/frame/navigation.ts'
import { FrameLink } from '../../components/frame/FrameLink.tsx'
import { CardList, CtaButtons } from '../../components/frame/Marketing.tsx'
import { useTranslation } from '../../translation.tsx'
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
            <p className="mk-eyebrow">{t('home:eyebrow')}</p>
            <h1 id="home-title" className="mk-hero__title">
              {t('home:title')}
            </h1>
            <p className="mk-lead">{t('home:text')}</p>
            <CtaButtons />
          </div>
          <img
            className="mk-hero__image"
            src={`${MEDIA_PREFIX}hero-console.svg`}
            width={560}
            height={400}
            alt={t('home:imageAlt')}
            fetchPriority="high"
          />
        </div>
      </section>

      <HomeSection id="products">
        {products?.items?.map((group) => (
          <div key={group.title} className="mk-group">
            <h3 className="mk-group__title">{t(group.title)}</h3>
            <CardList items={group.items} />
          </div>
        ))}
      </HomeSection>

      <HomeSection id="solutions" tinted>
        <CardList items={solutions?.items?.flatMap((group) => group.items) ?? []} />
      </HomeSection>

      <HomeSection id="workflow" containerClass="mk-workflow">
        <img
          className="mk-workflow__image"
          src={`${MEDIA_PREFIX}workflow.svg`}
          width={960}
          height={320}
          alt={t('home:workflowAlt')}
          loading="lazy"
          decoding="async"
        />
        <p className="mk-workflow__more">
          <FrameLink to="/omnichannel" className="mk-more">
            {t('home:learnMore')}
            <span className="visually-hidden">: {t('items.omnichannel.title')}</span>
          </FrameLink>
        </p>
      </HomeSection>
    </div>
  )
}

/** A home page section titled by `home:<id>Title` and introduced by `home:<id>Text`. */
function HomeSection({
  id,
  tinted = false,
  containerClass = '',
  children,
}: {
  id: 'products' | 'solutions' | 'workflow'
  tinted?: boolean
  containerClass?: string
  children: ReactNode
}) {
  const { t } = useTranslation('frame')
  return (
    <section
      className={tinted ? 'mk-section mk-section--tinted' : 'mk-section'}
      aria-labelledby={`home-${id}`}
    >
      <div className={`mk-container ${containerClass}`.trim()}>
        <h2 id={`home-${id}`} className="mk-section__title">
          {t(`home:${id}Title`)}
        </h2>
        <p className="mk-section__text">{t(`home:${id}Text`)}</p>
        {children}
      </div>
    </section>
  )
}
