import { z } from 'zod'

const port = z.coerce.number().int().min(0).max(65535)

/** The process environment we read; each field is one documented variable (README table). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port.default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Which SSR path to use: the built client and server (`built`) or Vite's dev middleware (`vite`). */
  SSR_MODE: z.enum(['built', 'vite']).default('built'),
  /** The site's own origin, as browsers see it; Origin checks compare against it. */
  PUBLIC_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
  /** Comma-separated base64 keys of 32 bytes, newest first (a key ring). */
  SESSION_KEYS: z.string().optional(),
  /** Upstream topology as JSON, or a path to a JSON file (Helm mounts one). */
  UPSTREAMS_JSON: z.string().optional(),
  UPSTREAMS_FILE: z.string().optional(),
  /**
   * Embedded sandbox upstream when no upstream is configured: `auto` outside production, `on` also
   * in a production build on a developer's machine (`npm start`), `off` never. Deployments never set it.
   */
  SANDBOX: z.enum(['auto', 'on', 'off']).default('auto'),
  /** `pretty` for people at a terminal, `json` for log collectors. Default: json in production. */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  EDITION: z.enum(['international', 'chinese']).default('international'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
})

export type RawEnv = z.infer<typeof envSchema>
