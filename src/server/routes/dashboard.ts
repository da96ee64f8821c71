import { can } from '../../domain/policy.js';
import { userOf } from '../auth/access.js';
import type { RouteModule } from '../http/types.js';
import { dashboardService } from '../services/dashboard-service.js';

/** The dashboard's figures in one small answer: counts, value, recent items, alerts and 30 days of stock flow. */
export const dashboardRoutes: RouteModule = (app, { database, policy }) => {
  const dashboard = dashboardService(database.db);
  app.get('/dashboard/summary', { config: { access: { resource: 'dashboard', action: 'show' } }, schema: { tags: ['dashboard'] } }, async (request) => {
    const user = userOf(request);
    // Names and e-mails of users are for roles that may list users; everyone else gets the counts only.
    const withUsers = can(await policy.current(), user.role, 'users', 'list');
    return dashboard.summary({ withUsers, scope: user.warehouses });
  });
};
