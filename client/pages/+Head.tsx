import { usePageContext } from 'vike-react/usePageContext'
import { canonicalHref } from '../../shared/frame/meta.ts'
import { keywordsFor } from '../components/frame/meta.ts'
import { pageUrlOf } from '../components/frame/useFrame.ts'
import { pageI18n } from '../i18n.ts'
import { PAGE_DATA_ID, pageDataOf, serializePageData } from '../runtime/page-data.ts'

/**
 * The edition decides the favicon (spec §1); every page gets keywords and a canonical link
 * (spec §2), from the `keywords` namespace no page loads in the browser (ADR 0085). Title, description and `lang` come from the +title, +description and +lang files.
 */
export default function Head() {
  const pageContext = usePageContext()
  const { edition, language, is404, publicOrigin } = pageContext
  const { pathname } = pageUrlOf(pageContext)
  const icon = edition === 'chinese' ? 'favicon-cn.svg' : 'favicon.svg'
  return (
    <>
      <link rel="icon" href={`/auth/_next/static/media/${icon}`} type="image/svg+xml" />
      <meta name="keywords" content={keywordsFor(pathname, pageI18n(pageContext, ['keywords']).t)} />
      {/* What the browser may know of this page (ADR 0102): data, never run, so no nonce. */}
      <script
        id={PAGE_DATA_ID}
        type="application/json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every `<` escaped (serializePageData)
        dangerouslySetInnerHTML={{ __html: serializePageData(pageDataOf(pageContext)) }}
      />
      {!is404 && (
        <link rel="canonical" href={`${publicOrigin ?? ''}${canonicalHref(pathname, language, edition)}`} />
      )}
    </>
  )
}
