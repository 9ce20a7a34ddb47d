import type { SandboxProvider } from './types.ts'

/** Salesforce: the org's domain comes back; `failure`/`error` in it drive the fixture outcomes. */
export const salesforce = {
  id: 'salesforce',
  title: 'Salesforce (sandbox)',
  prompt: 'Allow the customer-contact suite to access your Salesforce organization?',
  choices: [
    { id: 'success', label: 'Allow (success)', params: { domain: 'acme.my.salesforce.com' } },
    {
      id: 'failure',
      label: 'Allow an org that cannot be authorized (700619 → failure)',
      params: { domain: 'failure.my.salesforce.com' },
    },
    {
      id: 'error',
      label: 'Allow while the channel service fails (999999 → error)',
      params: { domain: 'error.my.salesforce.com' },
    },
    { id: 'missing', label: 'Come back without a domain (missing parameters)', params: {} },
  ],
} as const satisfies SandboxProvider
