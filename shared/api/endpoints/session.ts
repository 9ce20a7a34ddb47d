import { endpoints } from './define.ts'

/** Session, agent and console calls of a signed-in user. */
export const sessionEndpoints = endpoints({
  getToken: {
    access: 'page',
    session: 'needsSession',
    path: 'tokens/getToken',
    exempt: 'signed-in sessions only (a session endpoint): exchanges the sealed token, takes no input',
  },
  updateAgentLanguage: {
    access: 'page',
    session: 'needsSession',
    path: 'basic-public/agent/updateAgentLanguage',
    json: true,
    exempt: "signed-in sessions only: changes the signed-in agent's own language",
  },
  // No page uses these yet: not reachable from outside until one does.
  qccForward: { access: 'internal', path: 'basic-public/qccForward', limit: 'signUp' },
  // No page reads the agent's menus yet (the sandbox has no such upstream either): not reachable.
  queryAgentMenus: {
    access: 'internal',
    session: 'needsSession',
    path: 'basic-config-service/consoleAuth/queryAgentMenus',
    exempt: "signed-in sessions only: reads the signed-in agent's own menus",
  },
})
