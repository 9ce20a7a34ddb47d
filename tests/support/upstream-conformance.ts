import type { FastifyInstance } from 'fastify'
import { ContractChecker } from '../../scripts/upstream/conformance.ts'
import type { UpstreamExchange } from '../../server/upstream/client.server.ts'

/**
 * Holds every test's sandbox to docs/upstream/openapi.yaml (issue 22 point 2): the app's upstream
 * client reports each exchange, and at teardown the test fails naming every one that deviates.
 * The exchanges are only collected while the test runs (the description is read and compiled at
 * teardown, off the app's start-up). Answers with an HTTP error status are left out: the sandbox
 * gives them only for injected faults and malformed transport (415/400/413), which their own
 * tests check as failures; the contract describes the 200 envelope.
 * tests/sandbox/upstream-conformance.test.ts shows that a deviation fails.
 */

let checker: Promise<ContractChecker> | undefined

export function watchUpstreamConformance(app: FastifyInstance): () => Promise<void> {
  const exchanges: UpstreamExchange[] = []
  app.upstream.observe((exchange) => {
    if (exchange.status < 400) exchanges.push(exchange)
  })
  return async () => {
    if (exchanges.length === 0) return
    checker ??= ContractChecker.fromFile()
    const check = await checker
    const deviations = exchanges.flatMap((exchange) => {
      const verdict = check.check(exchange)
      return verdict.differences.length === 0
        ? []
        : [
            `${exchange.method} ${exchange.path} (${verdict.name ?? 'not described'}): ${verdict.differences.join('; ')}`,
          ]
    })
    if (deviations.length > 0) {
      throw new Error(
        `upstream exchanges deviate from docs/upstream/openapi.yaml (see docs/upstream/README.md):\n${deviations.join('\n')}`,
      )
    }
  }
}
