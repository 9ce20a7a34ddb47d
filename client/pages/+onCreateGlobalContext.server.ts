// The server renders with every namespace of both languages, registered by this import (never in
// a client chunk: `.server` files stay on the server). Pages still see only the namespaces they
// declare, because client/i18n.ts builds each page's translator from its own list.
import '../../shared/i18n/index.ts'
import { i18nWith, translatorOf } from '../../shared/i18n/instance.ts'
import { translateOnServerWith } from '../i18n.ts'

export default function onCreateGlobalContext(): void {
  // i18next translates every server render; the browser uses the light translator (ADR 0065).
  translateOnServerWith((language, namespaces) => translatorOf(i18nWith(language, namespaces)))
}
