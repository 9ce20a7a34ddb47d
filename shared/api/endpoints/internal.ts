import { endpoints } from './define.ts'

/**
 * Server-to-server calls the BFF makes itself and never routes from the browser. Server only:
 * no page imports this file, so these paths never reach a client chunk.
 */
export const internalEndpoints = endpoints({
  channelForward: {
    path: 'basic-channel-service/forward',
    internal: true,
    exempt: 'internal: the BFF never routes it from a browser',
  },
})
