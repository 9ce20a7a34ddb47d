import { type ComponentType, type ReactNode, StrictMode, useEffect } from 'react'
import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import type { PageContext } from 'vike/types'
import { VikeReactProviderPageContext } from 'vike-react/usePageContext'
import Layout from '../pages/+Layout.tsx'
import onBeforeRenderClient from '../pages/+onBeforeRenderClient.ts'
import Wrapper from '../pages/+Wrapper.tsx'

/**
 * Renders a page in the browser with React DOM (ADR 0102): the tree vike-react renders on the
 * server (its onRenderHtml) — StrictMode, vike-react's pageContext provider, +Wrapper, +Layout, the
 * page — so hydration finds exactly the server's markup, and usePageContext works as before.
 * vike-react's own onRenderClient is not used: through `vike/getPageContext` it brings Vike's
 * whole client router into the bundle (≈ 28 KB gzip).
 */

export interface Head {
  title: string
  description: string
  lang: string
}

let root: Root | null = null

/** Calls `onRendered` once React has committed the tree (where vike-react has its render promise). */
function Rendered({ onRendered, children }: { onRendered: () => void; children: ReactNode }) {
  useEffect(onRendered)
  return children
}

function pageElement(pageContext: PageContext, Page: ComponentType, onRendered: () => void) {
  return (
    <StrictMode>
      <Rendered onRendered={onRendered}>
        <VikeReactProviderPageContext pageContext={pageContext}>
          <Wrapper>
            <Layout>
              <Page />
            </Layout>
          </Wrapper>
        </VikeReactProviderPageContext>
      </Rendered>
    </StrictMode>
  )
}

/**
 * The page's translations first (+onBeforeRenderClient), then hydration or a render; resolves once
 * the page is in the document (a render is scheduled, not done, when `render()` returns).
 */
export async function renderPage(pageContext: PageContext, Page: ComponentType, head?: Head): Promise<void> {
  await onBeforeRenderClient(pageContext as Parameters<typeof onBeforeRenderClient>[0])
  const container = document.getElementById('root')
  if (!container) throw new Error('no #root to render into')
  await new Promise<void>((resolve) => {
    const element = pageElement(pageContext, Page, resolve)
    if (root) root.render(element)
    else if (container.innerHTML === '') {
      root = createRoot(container)
      root.render(element)
    } else root = hydrateRoot(container, element)
  })
  if (head) applyHead(head)
}

/** What vike-react sets after a client-side navigation: title, lang, description (and og:*). */
function applyHead({ title, description, lang }: Head): void {
  document.title = title
  document.documentElement.lang = lang || 'en'
  setMeta('property', 'og:title', title)
  setMeta('name', 'description', description)
  setMeta('property', 'og:description', description)
}

function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`)
  if (!content) {
    tag?.remove()
    return
  }
  if (!tag) {
    tag = document.createElement('meta')
    tag.setAttribute(attribute, key)
    document.head.appendChild(tag)
  }
  tag.content = content
}
