import { type FormEvent, useEffect, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { sessionEndpoints } from '../../../shared/api/endpoints/session.ts'
import { isSuccess } from '../../../shared/envelope.ts'
import { languageSwitchHref } from '../../../shared/frame/links.ts'
import type { Language } from '../../../shared/language.ts'
import { useApiClient } from '../../api.ts'
import { GlobeIcon } from './icons.tsx'
import { latin1Html } from './latin1.ts'
import { useFrame } from './useFrame.ts'
import { useFrameText } from './useFrameText.ts'

const HTML_LANG: Record<Language, string> = { en: 'en', zh: 'zh-CN' }

/**
 * Links to this page in the other language. A full page load: the BFF then drops the parameter
 * again when it is the visitor's default, and `<html lang>`, title and meta come from the server.
 * Signed in, switching also sets the agent's language upstream (spec §7 updateAgentLanguage).
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const t = useFrameText()
  const { language, currentUrl } = useFrame()
  const { user } = usePageContext()
  const other: Language = language === 'zh' ? 'en' : 'zh'
  const renderedHref = languageSwitchHref(currentUrl, other)
  // The server (and a cached page) rendered the link without the parameters only the browser
  // reads (CLIENT_FILLED_QUERY); once hydrated, the link carries the whole address again.
  const [href, setHref] = useState(renderedHref)
  // biome-ignore lint/correctness/useExhaustiveDependencies: renderedHref changes with the page's URL, which window.location does not tell React about (a client-side navigation keeps this component)
  useEffect(() => {
    setHref(languageSwitchHref(window.location.pathname + window.location.search, other))
  }, [other, renderedHref])
  const content = (
    <>
      <GlobeIcon />
      <span
        // biome-ignore lint/security/noDangerouslySetInnerHtml: every markup character is escaped (latin1Html); see ./latin1.ts for why
        dangerouslySetInnerHTML={{ __html: latin1Html(t(`language.${other}`)) }}
      />
    </>
  )
  if (user) {
    return (
      <AgentLanguageForm language={other} returnTo={currentUrl} href={href} className={className}>
        {content}
      </AgentLanguageForm>
    )
  }
  return (
    <a
      className={`fr-lang ${className}`}
      href={href}
      data-vike="false"
      hrefLang={HTML_LANG[other]}
      lang={HTML_LANG[other]}
      data-testid="language-switch"
    >
      {content}
    </a>
  )
}

interface AgentLanguageFormProps {
  language: Language
  returnTo: string
  href: string
  className: string
  children: React.ReactNode
}

/**
 * The signed-in switch: a form post to `/auth/language` (works without JavaScript: the BFF tells
 * the upstream, then shows the page in the new language). With JavaScript it calls the upstream
 * through `/api` and only then loads the page, so a refusal is shown instead of lost.
 */
function AgentLanguageForm({ language, returnTo, href, className, children }: AgentLanguageFormProps) {
  const { csrfToken } = usePageContext()
  const api = useApiClient()
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setBusy(true)
    try {
      const answer = await api.call(sessionEndpoints.updateAgentLanguage, {
        data: { language },
        notify: true,
        throws: false,
      })
      if (isSuccess(answer)) window.location.assign(href)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form method="post" action="/auth/language" className="fr-lang-form" onSubmit={submit}>
      <input type="hidden" name="_csrf" value={csrfToken} />
      <input type="hidden" name="language" value={language} />
      <input type="hidden" name="return" value={returnTo} />
      <button
        type="submit"
        className={`fr-lang ${className}`}
        lang={HTML_LANG[language]}
        disabled={busy}
        aria-busy={busy}
        data-testid="language-switch"
      >
        {children}
      </button>
    </form>
  )
}
