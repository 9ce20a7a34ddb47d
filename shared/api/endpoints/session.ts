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
})
