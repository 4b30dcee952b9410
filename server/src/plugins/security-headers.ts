import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Helmet's headers with our Content-Security-Policy: everything from this origin (and the socket
 * at PUBLIC_URL), no framing, and HTTPS-only headers only when the site is served over HTTPS.
 */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string | undefined): Promise<void> {
  const https = publicUrl?.startsWith('https:') ?? false;
  const wsOrigin = publicUrl ? new URL(publicUrl).origin.replace(/^http/, 'ws') : undefined;
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", ...(wsOrigin ? [wsOrigin] : [])],
        // The offline service worker (/sw.js) and the web app manifest, from this origin only.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        // Only an HTTPS deployment may ask browsers to upgrade; on plain HTTP it would break every asset.
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}
