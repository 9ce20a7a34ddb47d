import type { PageContextClient } from 'vike/types'
import { loadPageTranslations } from '../load-translations.ts'

/** The page's translations in its language are there before React renders or hydrates. */
export default async function onBeforeRenderClient(pageContext: PageContextClient): Promise<void> {
  await loadPageTranslations(pageContext)
}
