import { z } from 'zod'
import { ENVIRONMENT_NAMES, REGION_IDS } from '../shared/regions.ts'

const httpUrl = z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/+$/, ''))

const environmentSchema = z.object({
  region: z.enum(REGION_IDS),
  /** Base URL of the upstream services of this environment. */
  upstream: httpUrl,
  /** Set when the environment is only reachable through a forwarder (spec §7 forward mode). */
  forwarder: z.object({ url: httpUrl, env: z.string().min(1), domain: z.string().min(1) }).optional(),
})

const regionSchema = z.object({
  /** Environment used before the account's own environment is known. */
  defaultEnvironment: z.enum(ENVIRONMENT_NAMES),
  /** The public regional host of the sign-up flow (spec §4), when the region has one. */
  publicHost: z.string().min(1).optional(),
  consoleUrl: httpUrl.optional(),
})

/**
 * Where every region and environment lives. Ops write it as JSON (from Helm values); the
 * sandbox builds one for loopback. Nothing region-specific is written in TypeScript.
 */
export const topologySchema = z
  .object({
    environments: z.partialRecord(z.enum(ENVIRONMENT_NAMES), environmentSchema),
    regions: z.partialRecord(z.enum(REGION_IDS), regionSchema),
  })
  .superRefine((topology, ctx) => {
    if (Object.keys(topology.regions).length === 0) {
      ctx.addIssue({ code: 'custom', path: ['regions'], message: 'at least one region is required' })
    }
    for (const [regionId, region] of Object.entries(topology.regions)) {
      if (!region) continue
      const environment = topology.environments[region.defaultEnvironment]
      if (!environment) {
        ctx.addIssue({
          code: 'custom',
          path: ['regions', regionId, 'defaultEnvironment'],
          message: `environment "${region.defaultEnvironment}" is not defined`,
        })
      } else if (environment.region !== regionId) {
        ctx.addIssue({
          code: 'custom',
          path: ['regions', regionId, 'defaultEnvironment'],
          message: `environment "${region.defaultEnvironment}" belongs to region ${environment.region}`,
        })
      }
    }
  })

export type Topology = z.infer<typeof topologySchema>
export type EnvironmentConfig = z.infer<typeof environmentSchema>
