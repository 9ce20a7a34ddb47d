import { endpoints } from './define.ts'

/** Session, agent and console calls of a signed-in user. */
export const sessionEndpoints = endpoints({
  getToken: { path: 'tokens/getToken' },
  updateAgentLanguage: { path: 'basic-public/agent/updateAgentLanguage', json: true },
  qccForward: { path: 'basic-public/qccForward' },
  queryAgentMenus: { path: 'basic-config-service/consoleAuth/queryAgentMenus' },
})
