import { sql } from 'drizzle-orm';
import type { RouteModule } from '../http/types.js';

export const healthRoutes: RouteModule = (app, { database }) => {
  app.get('/health', { config: { access: 'public' }, schema: { tags: ['system'], security: [] } }, async (request, reply) => {
    try {
      // The migrations table exists only once start-up has migrated the schema.
      await database.db.execute(sql`select 1 from drizzle.__drizzle_migrations limit 1`);
      return { status: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'health check failed');
      return reply.status(503).send({ status: 'unavailable', message: 'Database is not reachable' });
    }
  });
};
