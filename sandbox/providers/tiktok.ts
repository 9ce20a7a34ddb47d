import { channelProvider } from './channel.ts'

/** TikTok Shop: a payload on success, or retCode and retMsg when TikTok itself refuses. */
export const tikTok = channelProvider({
  id: 'tikTok',
  title: 'TikTok Shop (sandbox)',
  prompt: 'Authorize the customer-contact suite for your TikTok Shop?',
  verb: 'Authorize',
  param: { name: 'payload', success: 'tiktok-shop-acme', error: 'tiktok-error' },
  refusals: [
    {
      id: 'not_allowed',
      label: 'Authorize a shop whose products do not allow it (140005 → not allowed)',
      params: { payload: 'tiktok-not-allowed' },
    },
    {
      id: 'refused',
      label: 'Refuse at TikTok (retCode and retMsg come back)',
      params: { retCode: '140000', retMsg: 'The seller cancelled the authorization.' },
    },
  ],
  missing: {
    id: 'missing',
    label: 'Come back with retCode only (missing parameters)',
    params: { retCode: '140000' },
  },
})
