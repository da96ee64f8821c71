import { can, scopeOf } from '../../domain/policy.js';
import { userOf } from '../auth/access.js';
import type { RouteModule } from '../http/types.js';
import { dashboardService } from '../services/dashboard-service.js';

/** The dashboard's figures in one small answer: counts, value, recent items, alerts and 30 days of stock flow. */
export const dashboardRoutes: RouteModule = (app, { database, policy }) => {
  const dashboard = dashboardService(database.db);
  app.get('/dashboard/summary', { config: { access: { resource: 'dashboard', action: 'show' } }, schema: { tags: ['dashboard'] } }, async (request) => {
    const user = userOf(request);
    // Names and e-mails of users are for roles that may list users; everyone else gets the counts only.
    const current = await policy.current();
    const withUsers = can(current, user.role, 'users', 'list');
    // Purchase orders and replenishment figures in the user's scope on each of them, for roles that may list them.
    const scopeOn = (resource: 'purchase-orders' | 'replenishment') =>
      can(current, user.role, resource, 'list') ? { scope: scopeOf(current, user.role, resource) === 'assigned' ? { assignedTo: user.id } : null } : null;
    return dashboard.summary({ withUsers, scope: user.warehouses, orders: scopeOn('purchase-orders'), reorder: scopeOn('replenishment') });
  });
};
