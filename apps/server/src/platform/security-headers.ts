// Headers every answer carries (pages, API, images, downloads): no MIME sniffing (an uploaded
// logo is only ever an image), never framed by another site, the referrer kept to our origin,
// a window of our own, and HSTS where the site is served over HTTPS. Pages set their own
// Content-Security-Policy (web-app.ts), uploads theirs; every other answer may load nothing.
import type { FastifyInstance } from 'fastify';
import { RESOURCE_POLICY } from './content-security-policy.js';

export function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }) {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', RESOURCE_POLICY);
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    if (options.https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}
