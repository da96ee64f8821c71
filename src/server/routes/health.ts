import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { RouteModule } from '../http/types.js';

export const healthRoutes: RouteModule = (app, { database }) => {
  const response = { 200: z.object({ status: z.literal('ok') }), 503: z.object({ status: z.literal('unavailable'), message: z.string() }) };
  app.get('/health', { config: { access: 'public' }, schema: { tags: ['system'], security: [], response } }, async (request, reply) => {
    try {
      // The migrations table exists only once start-up has migrated the schema.
      await database.db.execute(sql`select 1 from drizzle.__drizzle_migrations limit 1`);
      return { status: 'ok' as const };
    } catch (error) {
      request.log.warn({ err: error }, 'health check failed');
      return reply.status(503).send({ status: 'unavailable', message: 'Database is not reachable' });
    }
  });
};
