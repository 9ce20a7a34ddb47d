/**
 * Names only: which regions and environments exist is part of the upstream contract (spec §3).
 * Where each one lives (URLs, forwarders, hosts) is configuration, see config/.
 */
export const REGION_IDS = ['sg', 'us', 'hk', 'ten'] as const
export type RegionId = (typeof REGION_IDS)[number]

export const ENVIRONMENT_NAMES = ['sg-k8s', 'sg-grey', 'us-k8s', 'hk', 'ten-test', 'ten'] as const
export type EnvironmentName = (typeof ENVIRONMENT_NAMES)[number]
