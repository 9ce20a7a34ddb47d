import type { SandboxProvider } from './types.ts'

/** Rednote (xiaohongshu) spotlight: returns with the provider name only; the upstream already knows the result. */
export const xiaohongshu = {
  id: 'xiaohongshu',
  title: 'Rednote spotlight (sandbox)',
  prompt: 'Authorize the customer-contact suite for your Rednote spotlight account?',
  choices: [{ id: 'success', label: 'Authorize (success)', params: {} }],
} as const satisfies SandboxProvider
