import { channelProvider } from './channel.ts'

/** Salesforce: the org's domain comes back; `failure`/`error` in it drive the fixture outcomes. */
export const salesforce = channelProvider({
  id: 'salesforce',
  title: 'Salesforce (sandbox)',
  prompt: 'Allow the customer-contact suite to access your Salesforce organization?',
  verb: 'Allow',
  param: { name: 'domain', success: 'acme.my.salesforce.com', error: 'error.my.salesforce.com' },
  refusals: [
    {
      id: 'failure',
      label: 'Allow an org that cannot be authorized (700619 → failure)',
      params: { domain: 'failure.my.salesforce.com' },
    },
  ],
})
