import helmet from '@fastify/helmet'
import fp from 'fastify-plugin'

export interface HeadersPluginOptions {
  /** Vite's dev server injects inline styles and talks over a websocket: relaxed only in dev. */
  development: boolean
  /** HSTS only makes sense where the site is served over TLS. */
  https: boolean
}

declare module 'fastify' {
  interface FastifyReply {
    cspNonce: { script: string; style: string }
  }
}

export default fp<HeadersPluginOptions>(
  async (app, options) => {
    await app.register(helmet, {
      // A fresh 128-bit nonce per response; Vike stamps it on the scripts it injects.
      enableCSPNonces: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // 'strict-dynamic': only scripts carrying the nonce, and what they load, may run.
          scriptSrc: ["'strict-dynamic'"],
          styleSrc: options.development ? ["'self'", "'unsafe-inline'"] : ["'self'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'"],
          connectSrc: options.development ? ["'self'", 'ws:'] : ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(options.https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      // Same answer as frame-ancestors 'none', for browsers that only know the old header.
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    })
  },
  { name: 'security-headers', fastify: '5.x' },
)
