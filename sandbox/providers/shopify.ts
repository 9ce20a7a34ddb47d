import type { SandboxProvider } from './types.ts'

/** Shopify: a signed payload describing the shop comes back. */
export const shopify = {
  id: 'shopify',
  title: 'Shopify (sandbox)',
  prompt: 'Install the customer-contact suite app on your store?',
  choices: [
    { id: 'success', label: 'Install (success)', params: { payload: 'shop-acme' } },
    {
      id: 'not_allowed',
      label: 'Install on a store that may not connect (110408 → not allowed)',
      params: { payload: 'shop-not-allowed' },
    },
    {
      id: 'error',
      label: 'Install while the channel service fails (999999 → error)',
      params: { payload: 'shop-error' },
    },
    { id: 'missing', label: 'Come back without a payload (missing parameters)', params: {} },
  ],
} as const satisfies SandboxProvider
