import { endpoints } from './define.ts'

/** Channel authorization and external commerce accounts. */
export const channelEndpoints = endpoints({
  salesforceAgentEnv: { path: 'basic-channel-service/salesforce/getAgentEnv', json: true, limit: 'signIn' },
  channelAuth: { path: 'basic-channel-service/{product}Auth', json: true, limit: 'signIn' },
  insertShopifyChannel: { path: 'chat-third/shopify/insertShopifyChannel', limit: 'signIn' },
  tikTokCheckProducts: { path: 'chat-tiktok/tikTokAuth/checkProducts', limit: 'signIn' },
  lazadaAuth: { path: 'channel-server/lazada/auth', limit: 'signIn' },
  rednoteAuthUrl: { path: 'channel-server/rednote/spotlight/auth-url', limit: 'signIn' },
  tikTokAuthSave: { path: 'channel-server/tiktok/auth-save', limit: 'signIn' },
})
