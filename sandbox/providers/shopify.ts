import { channelProvider } from './channel.ts'

/** Shopify: a signed payload describing the shop comes back. */
export const shopify = channelProvider({
  id: 'shopify',
  title: 'Shopify (sandbox)',
  prompt: 'Install the customer-contact suite app on your store?',
  verb: 'Install',
  param: { name: 'payload', success: 'shop-acme', error: 'shop-error' },
  refusals: [
    {
      id: 'not_allowed',
      label: 'Install on a store that may not connect (110408 → not allowed)',
      params: { payload: 'shop-not-allowed' },
    },
  ],
})
