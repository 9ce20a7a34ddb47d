import type { Provider } from '../../shared/external-login/query.ts'

/** One button of a simulated provider page: the parameters it sends back to the app. */
export interface ProviderChoice {
  id: string
  label: string
  /** Query parameters of the return besides `provider` and `state`. */
  params: Record<string, string>
}

/** A simulated identity or commerce provider (docs/sandbox.md "Simulated providers"). */
export interface SimulatedProvider {
  provider: Provider
  title: string
  /** What the page says it is pretending to do. */
  prompt: string
  choices: ProviderChoice[]
}
