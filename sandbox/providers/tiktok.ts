import type { SandboxProvider } from './types.ts'

/** TikTok Shop: a payload on success, or retCode and retMsg when TikTok itself refuses. */
export const tikTok = {
  id: 'tikTok',
  title: 'TikTok Shop (sandbox)',
  prompt: 'Authorize the customer-contact suite for your TikTok Shop?',
  choices: [
    { id: 'success', label: 'Authorize (success)', params: { payload: 'tiktok-shop-acme' } },
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
    {
      id: 'error',
      label: 'Authorize while the channel service fails (999999 → error)',
      params: { payload: 'tiktok-error' },
    },
    {
      id: 'missing',
      label: 'Come back with retCode only (missing parameters)',
      params: { retCode: '140000' },
    },
  ],
} as const satisfies SandboxProvider
