import type { Topology } from '../../config/index.ts'
import { isSuccess } from '../../shared/envelope.ts'
import { trustedConsoleUrl } from './api/console-url.ts'
import { rememberAccountEnvironments } from './api/environment.ts'
import type { FlowHooks } from './api/flow.ts'

/**
 * The sign-in's part in the `/api` calls of its page (docs/flows/sign-in.md): the environments an
 * account lives in are remembered for the picker and reach the page as names only (never upstream
 * hosts), and the console address after a sign-in only when it is the configured console.
 */
export function signInFlowHooks(topology: Topology): FlowHooks {
  return {
    endpoints: ['getAllEnvDomain', 'consoleLogin'],
    after(name, request, _reply, _data, answer, environment) {
      if (!isSuccess(answer)) return undefined
      if (name === 'getAllEnvDomain') {
        const environments = rememberAccountEnvironments(request, answer.items, topology)
        return { ...answer, items: environments.map((env) => ({ env })) }
      }
      const consoleUrl = trustedConsoleUrl(answer.item.consoleUrl, environment, topology)
      return { ...answer, item: { ...answer.item, consoleUrl } }
    },
  }
}
