import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const HSTS = 'strict-transport-security';

/**
 * helmet's security headers on every response. They do not depend on the request, so they are computed once at
 * start: @fastify/helmet built a new helmet middleware (re-serialising the Content-Security-Policy) for every
 * request, a few percent of a stock request's CPU. Two depend on the request:
 * - Strict-Transport-Security only over HTTPS (directly, or as a trusted proxy says with X-Forwarded-Proto): sent
 *   over plain HTTP it means nothing, and a browser must not learn it from a page it cannot trust;
 * - `Cache-Control: no-store` on every API answer that sets no caching of its own: answers hold tokens and data
 *   a signed-in user may see, which no browser or shared cache may keep.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers: [string, string][] = [];
  let hsts: string | undefined;
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      const text = Array.isArray(value) ? value.join(', ') : String(value);
      if (name.toLowerCase() === HSTS) hsts = text;
      else headers.push([name, text]);
    },
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    if (hsts && request.protocol === 'https') reply.raw.setHeader(HSTS, hsts);
    // A route's own Cache-Control (an image's immutable one) is set on the reply and wins over this.
    if (request.url.startsWith('/api/') || request.url === '/api') reply.raw.setHeader('cache-control', 'no-store');
    done();
  });
}
