import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { usePageContext } from 'vike-react/usePageContext'
import { pageI18n } from '../i18n.ts'

/** Gives every page the translations it declared, in the language the BFF resolved for this request. */
export default function Wrapper({ children }: { children: ReactNode }) {
  const pageContext = usePageContext()
  return <I18nextProvider i18n={pageI18n(pageContext)}>{children}</I18nextProvider>
}
