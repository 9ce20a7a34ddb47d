import type { SandboxProvider } from './types.ts'

/** Lazada: an authorization code the channel server exchanges. */
export const lazada = {
  id: 'lazada',
  title: 'Lazada (sandbox)',
  prompt: 'Authorize the customer-contact suite for your Lazada seller account?',
  choices: [
    { id: 'success', label: 'Authorize (success)', params: { code: 'lazada-code-acme' } },
    {
      id: 'error',
      label: 'Authorize while the channel service fails (999999 → error)',
      params: { code: 'lazada-error' },
    },
    { id: 'missing', label: 'Come back without a code (missing parameters)', params: {} },
  ],
} as const satisfies SandboxProvider
