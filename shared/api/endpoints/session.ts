import { endpoints } from './define.ts'

/** Session, agent and console calls of a signed-in user. */
export const sessionEndpoints = endpoints({
  getToken: {
    path: 'tokens/getToken',
    exempt: 'signed-in sessions only (a session endpoint): exchanges the sealed token, takes no input',
  },
  updateAgentLanguage: {
    path: 'basic-public/agent/updateAgentLanguage',
    json: true,
    exempt: "signed-in sessions only: changes the signed-in agent's own language",
  },
  qccForward: { path: 'basic-public/qccForward', limit: 'signUp' },
  queryAgentMenus: {
    path: 'basic-config-service/consoleAuth/queryAgentMenus',
    exempt: "signed-in sessions only: reads the signed-in agent's own menus",
  },
})
