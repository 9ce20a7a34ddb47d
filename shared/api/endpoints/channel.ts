import { endpoints } from './define.ts'

/** Channel authorization and external commerce accounts. */
export const channelEndpoints = endpoints({
  salesforceAgentEnv: { path: 'basic-channel-service/salesforce/getAgentEnv', json: true },
  channelAuth: { path: 'basic-channel-service/{product}Auth', json: true },
  insertShopifyChannel: { path: 'chat-third/shopify/insertShopifyChannel' },
  tikTokCheckProducts: { path: 'chat-tiktok/tikTokAuth/checkProducts' },
  lazadaAuth: { path: 'channel-server/lazada/auth' },
  rednoteAuthUrl: { path: 'channel-server/rednote/spotlight/auth-url' },
  tikTokAuthSave: { path: 'channel-server/tiktok/auth-save' },
})
