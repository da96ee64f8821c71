import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.js';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

const digest = (text: string) => crypto.createHash('sha256').update(text).digest();

/**
 * Who may read GET /api/metrics, which is for a Prometheus server, not for people: with METRICS_TOKEN set, whoever
 * sends `Authorization: Bearer <it>` (compared in constant time); without one, only this machine: a loopback connection
 * that no proxy forwarded (a reverse proxy on the same machine connects from loopback too, so a request carrying
 * X-Forwarded-For or Forwarded came from elsewhere).
 */
export function refuseUnlessScraper(request: FastifyRequest, token: string | undefined): void {
  if (token) {
    const [scheme, given] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !given || !crypto.timingSafeEqual(digest(given), digest(token))) {
      throw new HttpError(401, 'Metrics need the metrics token: Authorization: Bearer <METRICS_TOKEN>', undefined, { 'www-authenticate': 'Bearer' });
    }
    return;
  }
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (forwarded || !LOOPBACK.test(request.socket.remoteAddress ?? '')) {
    throw new HttpError(403, 'Metrics are served to this machine only: set METRICS_TOKEN to scrape them from elsewhere');
  }
}
