import { z } from 'zod';
import type { RouteModule } from '../http/types.js';
import { errorReplies } from '../http/openapi.js';
import { refuseUnlessScraper } from '../metrics/scrape-access.js';

/**
 * GET /api/metrics: this process's metrics in Prometheus' text format. Not a person's route, so not in the access
 * matrix: a Prometheus server reads it with the metrics token, or from this machine (metrics/scrape-access.ts).
 */
export const metricsRoutes: RouteModule = (app, { metrics, config }) => {
  app.get(
    '/metrics',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        security: [],
        response: { 200: z.string().meta({ description: 'Prometheus text format 0.0.4' }), ...errorReplies(401, 403) },
      },
    },
    async (request, reply) => {
      refuseUnlessScraper(request, config.metricsToken);
      return reply.header('content-type', metrics.registry.contentType).send(await metrics.scrape());
    },
  );
};
