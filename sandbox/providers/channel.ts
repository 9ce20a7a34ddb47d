// The channels' own data (titles, prompts, fixture values, refusals) is a table: one entry per
// channel, each with an `about` line saying what comes back; this file turns entries into pages.
import { z } from 'zod'
import CHANNELS from './channels.json' with { type: 'json' }
import type { ProviderChoice, SandboxProvider } from './types.ts'

interface ChannelProviderOptions<Id extends string> {
  id: Id
  /** What the provider sends back, in a line (docs only). */
  about: string
  title: string
  prompt: string
  /** The button's verb on the provider's page: "Allow", "Install", "Authorize". */
  verb: string
  /** The query parameter the provider sends back and its value on success and on the error fixture. */
  param: { name: string; success: string; error: string }
  /** The provider's own refusals, between the success and the channel-service error. */
  refusals?: ProviderChoice[]
  /** A return without what the channel needs; by default the parameter is simply absent. */
  missing?: ProviderChoice
}

/**
 * A channel provider's page (docs/sandbox.md, "Simulated providers"). Every channel offers the same
 * three outcomes — a success, an authorization while the channel service fails (999999 → error),
 * and a return missing its parameter — and some add refusals of their own service in between.
 */
export function channelProvider<Id extends string>(options: ChannelProviderOptions<Id>) {
  const { verb, param } = options
  const choices: ProviderChoice[] = [
    { id: 'success', label: `${verb} (success)`, params: { [param.name]: param.success } },
    ...(options.refusals ?? []),
    {
      id: 'error',
      label: `${verb} while the channel service fails (999999 → error)`,
      params: { [param.name]: param.error },
    },
    options.missing ?? {
      id: 'missing',
      label: `Come back without a ${param.name} (missing parameters)`,
      params: {},
    },
  ]
  return { id: options.id, title: options.title, prompt: options.prompt, choices } satisfies SandboxProvider
}

type ChannelId = keyof typeof CHANNELS

const choiceSchema = z.object({ id: z.string(), label: z.string(), params: z.record(z.string(), z.string()) })
const channelSchema = z.object({
  about: z.string(),
  title: z.string(),
  prompt: z.string(),
  verb: z.string(),
  param: z.object({ name: z.string(), success: z.string(), error: z.string() }),
  refusals: z.array(choiceSchema).optional(),
  missing: choiceSchema.optional(),
})
// Read through a schema: TypeScript types the JSON's differing `params` as unions with undefined
// members, and a typo in the table fails at start-up instead of drawing a broken page.
const TABLE: Record<ChannelId, z.infer<typeof channelSchema>> = z
  .record(z.string(), channelSchema)
  .parse(CHANNELS) as Record<ChannelId, z.infer<typeof channelSchema>>

function fromTable<Id extends ChannelId>(id: Id) {
  return channelProvider({ id, ...TABLE[id] })
}

export const salesforce = fromTable('salesforce')
export const shopify = fromTable('shopify')
export const tikTok = fromTable('tikTok')
export const lazada = fromTable('lazada')
