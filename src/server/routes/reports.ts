import { inventoryReportQuery, salePurchaseQuery } from '../../domain/schemas/inventory.js';
import type { RouteModule } from '../http/types.js';
import { userOf } from '../auth/access.js';
import { inventoryReportService } from '../services/inventory-report.js';
import { salePurchaseReportService } from '../services/sale-purchase-report.js';

const access = { resource: 'reports', action: 'list' } as const;

export const reportRoutes: RouteModule = (app, { database }) => {
  const inventoryReport = inventoryReportService(database.db);
  const salePurchase = salePurchaseReportService(database.db);

  app.get('/inventory/report', { config: { access }, schema: { tags: ['reports'], querystring: inventoryReportQuery } }, (request) =>
    inventoryReport.report(request.query, new Date(), userOf(request).warehouses),
  );

  app.get(
    '/reports/warehouse-sale-purchase',
    { config: { access }, schema: { tags: ['reports'], querystring: salePurchaseQuery } },
    (request) => salePurchase.report(request.query, userOf(request).warehouses, userOf(request).seesCosts !== false),
  );
};
