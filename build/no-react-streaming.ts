/**
 * Stands in for `react-streaming/server` in the server build (ADR 0023). vike-react imports its
 * `renderToStream` statically, but these pages never stream (`stream` stays off: ≈ 14 % slower for
 * pages without Suspense) and react-streaming needs react-dom's own stream internals, which
 * preact/compat does not have. Reaching this means someone turned streaming on.
 */
export function renderToStream(): never {
  throw new Error('Streaming SSR is off: the pages render with preact/compat (docs/decisions/0023)')
}
