import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Registry } from 'prom-client'

export interface MetricsListener {
  port: number
  close: () => Promise<void>
}

/**
 * Serves `GET /metrics` on its own port (ADR 0045): the Service names it `metrics` and the
 * ingress only ever routes to `http`, so the numbers stay inside the cluster. Nothing else is
 * answered here, and nothing of the app (sessions, pages) is reachable through this port.
 */
export async function startMetricsListener(
  registry: Registry,
  host: string,
  port: number,
): Promise<MetricsListener> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n')
      return
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: Error) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`${error.message}\n`),
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen({ host, port }, resolve)
  })
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
