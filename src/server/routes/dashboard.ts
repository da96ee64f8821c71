import type { RouteModule } from '../http/types.js';
import { dashboardService } from '../services/dashboard-service.js';

/** The dashboard's figures in one small answer: counts, value, recent items, alerts and 30 days of stock flow. */
export const dashboardRoutes: RouteModule = (app, { database }) => {
  const dashboard = dashboardService(database.db);
  app.get('/dashboard/summary', { config: { access: { resource: 'dashboard', action: 'show' } }, schema: { tags: ['dashboard'] } }, () =>
    dashboard.summary(),
  );
};
