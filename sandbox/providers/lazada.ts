import { channelProvider } from './channel.ts'

/** Lazada: an authorization code the channel server exchanges. */
export const lazada = channelProvider({
  id: 'lazada',
  title: 'Lazada (sandbox)',
  prompt: 'Authorize the customer-contact suite for your Lazada seller account?',
  verb: 'Authorize',
  param: { name: 'code', success: 'lazada-code-acme', error: 'lazada-error' },
})
