import type { ReactNode } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { pageI18n } from '../i18n.ts'
import { TranslationProvider } from '../translation.tsx'

/** Gives every page the translations it declared, in the language the BFF resolved for this request. */
export default function Wrapper({ children }: { children: ReactNode }) {
  const pageContext = usePageContext()
  return <TranslationProvider translator={pageI18n(pageContext)}>{children}</TranslationProvider>
}
