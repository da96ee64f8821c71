import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { RouteModule } from '../http/types.js';

/**
 * GET /api/health (for monitoring: is this process working) and GET /api/ready (for a load balancer: may it have
 * requests). Both answer 'ok'/'ready' only when the database answers. Once the process begins to stop (SIGTERM),
 * Fastify answers every new request 503 (return503OnClosing), so a balancer moves on while it finishes those it has.
 */
/** Backups, where BACKUP_DIR is set: the last one's time, and whether the last run failed (its reason is for admins). */
const backupHealth = z.object({ status: z.enum(['ok', 'failed', 'none']), last: z.string().nullable(), failed_at: z.string().optional() });

export const healthRoutes: RouteModule = (app, { database, backups }) => {
  const databaseAnswers = async () => {
    // The migrations table exists only once start-up has migrated the schema.
    await database.db.execute(sql`select 1 from drizzle.__drizzle_migrations limit 1`);
  };
  const unavailable = z.object({ status: z.literal('unavailable'), message: z.string() });

  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { tags: ['system'], security: [], response: { 200: z.object({ status: z.literal('ok'), backup: backupHealth.optional() }), 503: unavailable } },
    },
    async (request, reply) => {
      try {
        await databaseAnswers();
        const { configured, last, failure } = backups.status();
        if (!configured) return { status: 'ok' as const };
        const backup = { status: failure ? ('failed' as const) : last ? ('ok' as const) : ('none' as const), last: last?.created.toISOString() ?? null };
        return { status: 'ok' as const, backup: failure ? { ...backup, failed_at: failure.at } : backup };
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
