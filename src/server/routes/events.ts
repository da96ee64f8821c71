import { z } from 'zod';
import { userOf } from '../auth/access.js';
import type { RouteModule } from '../http/types.js';
import { openEventStream } from '../live/event-stream.js';

const headers = z.looseObject({
  'last-event-id': z.string().max(64).optional().meta({ description: 'The id of the last event received: the stream first sends those after it' }),
});

/**
 * GET /events: the committed changes the caller may see, as Server-Sent Events (docs/live-updates.md). The token is
 * the usual Authorization header, never a query parameter: addresses end up in proxies' logs.
 */
export const eventRoutes: RouteModule = (app, deps) => {
  app.get(
    '/events',
    { config: { access: 'signed-in' }, schema: { tags: ['events'], summary: 'Live changes (text/event-stream)', headers } },
    async (request, reply) => {
      const user = userOf(request);
      const token = request.headers.authorization!.split(' ')[1]!;
      const claims = await deps.signer.verify(token);
      if (!claims || claims.sub !== user.id) return reply.status(401).send({ message: 'Unauthorized' });
      // The stream is written by hand from here on: Fastify neither serialises nor ends it.
      reply.hijack();
      await openEventStream(
        { hub: deps.events, policy: deps.policy, sessions: deps.sessions, signer: deps.signer, db: deps.database.db },
        reply.raw,
        token,
        claims,
        request.headers['last-event-id'],
      );
    },
  );
};
