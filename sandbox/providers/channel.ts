import type { ProviderChoice, SandboxProvider } from './types.ts'

interface ChannelProviderOptions<Id extends string> {
  id: Id
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
