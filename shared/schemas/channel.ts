import { z } from 'zod'
import { URL_MAX } from '../api/limits.ts'
import { LANGUAGES } from '../language.ts'
import { ENVIRONMENT_NAMES } from '../regions.ts'
import { accepted, object, oneOf } from './fields.ts'
import { V } from './messages.ts'

/** `basic-public/agent/updateAgentLanguage` (JSON): the agent's language, en or zh (spec §7). */
export const agentLanguageSchema = object({ language: oneOf(LANGUAGES) })

/** The consent step of channel authorization (spec §5): privacy policy and terms, before anything is sent. */
export const channelConsentSchema = object({ consent: accepted(V.consent) })

/** `domain` = the page's host (sign-in app login config, spec §7). */
export const loginConfigSchema = object({
  domain: z
    .string({ error: V.required })
    .max(253, { error: V.tooLong })
    .regex(/^[A-Za-z0-9.-]+(?::\d{1,5})?$/, { error: V.invalid })
    .optional(),
})

/**
 * The forward wrapper (spec §3, §7): server to server. `url` must be a relative upstream path,
 * `env` a known environment; the BFF builds this itself and should not take it from a browser.
 */
export const forwardSchema = object({
  url: z
    .string({ error: V.required })
    .max(URL_MAX, { error: V.tooLong })
    // One leading slash: `//host/x` would be another origin.
    .regex(/^\/(?!\/)[A-Za-z0-9/_.~-]*(?:\?[^#\s]*)?$/, { error: V.invalid })
    .refine((value) => !value.split(/[/?]/).includes('..'), { error: V.invalid }),
  method: z.enum(['GET', 'POST'], { error: V.oneOf }).default('GET'),
  domain: z
    .string({ error: V.required })
    .max(253, { error: V.tooLong })
    // The configured host of the environment, with its port when it has one (the sandbox's do);
    // the contract check (docs/upstream/openapi.yaml) found the BFF sending `host:port`.
    .regex(/^[A-Za-z0-9.-]+(?::\d{1,5})?$/, { error: V.invalid }),
  env: z.enum(ENVIRONMENT_NAMES, { error: V.oneOf }),
  contentType: z.enum(['form-data', 'json'], { error: V.oneOf }).default('form-data'),
})
