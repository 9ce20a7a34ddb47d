// The server renders with every namespace of both languages, registered by this import (never in
// a client chunk: `.server` files stay on the server). Pages still see only the namespaces they
// declare, because client/i18n.ts builds each page's instance from its own list.
import '../../shared/i18n/index.ts'

export default function onCreateGlobalContext(): void {}
