import { inventoryReportQuery, salePurchaseDownloadQuery, salePurchaseItemsQuery, salePurchaseQuery } from '../../domain/schemas/inventory.js';
import type { RouteModule } from '../http/types.js';
import { userOf } from '../auth/access.js';
import { inventoryReportService } from '../services/inventory-report.js';
import { movementLinksOf } from '../services/inventory-records.js';
import { salePurchaseReportService } from '../services/sale-purchase-report.js';
import { stockValuationQuery } from '../../domain/schemas/valuation.js';
import { stockValuationService } from '../services/stock-valuation.js';

const access = { resource: 'reports', action: 'list' } as const;

export const reportRoutes: RouteModule = (app, { database }) => {
  const inventoryReport = inventoryReportService(database.db);
  const salePurchase = salePurchaseReportService(database.db);
  const valuation = stockValuationService(database.db);

  app.get('/inventory/report', { config: { access }, schema: { tags: ['reports'], querystring: inventoryReportQuery } }, (request) =>
    inventoryReport.report(request.query, new Date(), userOf(request).warehouses, movementLinksOf(userOf(request))),
  );

  app.get('/reports/warehouse-sale-purchase', { config: { access }, schema: { tags: ['reports'], querystring: salePurchaseQuery } }, (request) =>
    salePurchase.report(request.query, userOf(request).warehouses, userOf(request).seesCosts !== false, movementLinksOf(userOf(request))),
  );

  // One day's movements of one section beyond the report's first ones, a page at a time.
  app.get('/reports/warehouse-sale-purchase/items', { config: { access }, schema: { tags: ['reports'], querystring: salePurchaseItemsQuery } }, (request) =>
    salePurchase.items(request.query, userOf(request).warehouses, movementLinksOf(userOf(request))),
  );

  // Every movement of the period, streamed: a role without costs gets the quantities only.
  app.get(
    '/reports/warehouse-sale-purchase.csv',
    { config: { access }, schema: { tags: ['reports'], querystring: salePurchaseDownloadQuery, produces: ['text/csv'] } },
    (request, reply) => salePurchase.download(reply, request.query, userOf(request).warehouses, userOf(request).seesCosts !== false),
  );

  app.get('/reports/stock-valuation', { config: { access }, schema: { tags: ['reports'], querystring: stockValuationQuery } }, (request) =>
    valuation.report(request.query, userOf(request).warehouses ?? null, userOf(request).seesCosts !== false),
  );

  // Every row, not a page, streamed: a role without costs gets the quantities only.
  app.get(
    '/reports/stock-valuation.csv',
    { config: { access }, schema: { tags: ['reports'], querystring: stockValuationQuery, produces: ['text/csv'] } },
    (request, reply) => valuation.download(reply, request.query, userOf(request).warehouses ?? null, userOf(request).seesCosts !== false),
  );
};
