import { historyQuery } from '../../domain/schemas/history.js';
import { userOf } from '../auth/access.js';
import type { RouteModule } from '../http/types.js';
import { historyService } from '../services/history-service.js';

/** GET /api/history: who changed what and when, across every resource (the Activity screen, each record's History). */
export const historyRoutes: RouteModule = (app, { database }) => {
  const history = historyService(database.db);
  app.get(
    '/history',
    { config: { access: { resource: 'history', action: 'list' } }, schema: { tags: ['history'], querystring: historyQuery } },
    async (request) => ({ ...(await history.list(request.query, userOf(request))), page: request.query.page, limit: request.query.limit }),
  );
};
