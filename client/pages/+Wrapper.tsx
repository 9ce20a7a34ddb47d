import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { usePageContext } from 'vike-react/usePageContext'
import { i18nFor } from '../../shared/i18n/index.ts'

/** Gives every page the translations of the language the BFF resolved for this request. */
export default function Wrapper({ children }: { children: ReactNode }) {
  const { language } = usePageContext()
  return <I18nextProvider i18n={i18nFor(language)}>{children}</I18nextProvider>
}
