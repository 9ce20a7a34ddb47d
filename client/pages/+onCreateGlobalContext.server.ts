import { registerEveryTranslation } from '../../shared/i18n/index.ts'

// The server renders with every namespace of both languages, registered here (never in a client
// chunk: `.server` files stay on the server). Pages still see only the namespaces they declare,
// because client/i18n.ts builds each page's translator from its own list.
export default function onCreateGlobalContext(): void {
  registerEveryTranslation()
}
