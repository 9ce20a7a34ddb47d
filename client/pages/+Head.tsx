import { usePageContext } from 'vike-react/usePageContext'

/** The edition decides the favicon (spec §1). */
export default function Head() {
  const { edition } = usePageContext()
  const icon = edition === 'chinese' ? 'favicon-cn.svg' : 'favicon.svg'
  return <link rel="icon" href={`/auth/_next/static/media/${icon}`} type="image/svg+xml" />
}
