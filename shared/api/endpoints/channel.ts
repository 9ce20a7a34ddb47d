import { endpoints } from './define.ts'

/** Channel authorization and external commerce accounts. */
export const channelEndpoints = endpoints({
  salesforceAgentEnv: {
    access: 'flow',
    path: 'basic-channel-service/salesforce/getAgentEnv',
    json: true,
    limit: 'signIn',
  },
  channelAuth: { access: 'flow', path: 'basic-channel-service/{product}Auth', json: true, limit: 'signIn' },
  insertShopifyChannel: { access: 'flow', path: 'chat-third/shopify/insertShopifyChannel', limit: 'signIn' },
  tikTokCheckProducts: { access: 'flow', path: 'chat-tiktok/tikTokAuth/checkProducts', limit: 'signIn' },
  lazadaAuth: { access: 'flow', path: 'channel-server/lazada/auth', limit: 'signIn' },
  rednoteAuthUrl: { access: 'flow', path: 'channel-server/rednote/spotlight/auth-url', limit: 'signIn' },
  tikTokAuthSave: { access: 'flow', path: 'channel-server/tiktok/auth-save', limit: 'signIn' },
})
