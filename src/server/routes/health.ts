import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { RouteModule } from '../http/types.js';

/**
 * GET /api/health (for monitoring: is this process working) and GET /api/ready (for a load balancer: may it have
 * requests). Both answer 'ok'/'ready' only when the database answers. Once the process begins to stop (SIGTERM),
 * Fastify answers every new request 503 (return503OnClosing), so a balancer moves on while it finishes those it has.
 */
export const healthRoutes: RouteModule = (app, { database }) => {
  const databaseAnswers = async () => {
    // The migrations table exists only once start-up has migrated the schema.
    await database.db.execute(sql`select 1 from drizzle.__drizzle_migrations limit 1`);
  };
  const unavailable = z.object({ status: z.literal('unavailable'), message: z.string() });

  app.get(
    '/health',
    { config: { access: 'public' }, schema: { tags: ['system'], security: [], response: { 200: z.object({ status: z.literal('ok') }), 503: unavailable } } },
    async (request, reply) => {
      try {
        await databaseAnswers();
        return { status: 'ok' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'health check failed');
        return reply.status(503).send({ status: 'unavailable', message: 'Database is not reachable' });
      }
    },
  );

  app.get(
    '/ready',
    { config: { access: 'public' }, schema: { tags: ['system'], security: [], response: { 200: z.object({ status: z.literal('ready') }), 503: unavailable } } },
    async (_request, reply) => {
      try {
        await databaseAnswers();
        return { status: 'ready' as const };
      } catch {
        return reply.status(503).send({ status: 'unavailable', message: 'Database is not reachable' });
      }
    },
  );
};
