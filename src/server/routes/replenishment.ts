import { z } from 'zod';
import { PRODUCT_IMPORT_MAX_BYTES } from '../../domain/product-csv.js';
import { replenishmentOrdersSchema, replenishmentQuery } from '../../domain/schemas/replenishment.js';
import { userOf } from '../auth/access.js';
import { created, errorReplies, errorWith, idempotencyKeyHeader } from '../http/openapi.js';
import type { RouteModule } from '../http/types.js';
import { badRequest, isUuid } from '../http/errors.js';
import { requireWarehouse } from '../services/inventory-records.js';
import { createReplenishmentOrders } from '../services/replenishment/orders.js';
import { settingsImportService } from '../services/replenishment/settings-import.js';
import { suggestionsPage } from '../services/replenishment/suggestions.js';

const tags = ['replenishment'];

/** An id filter: malformed is a 400 naming it, as an unknown reference in a body. */
const idFilter = (value: string | undefined, field: string, label: string) => {
  if (value === undefined) return undefined;
  if (!isUuid(value)) throw badRequest(field, `${label} not found`);
  return value.toLowerCase();
};

const importQuery = z.object({
  dry_run: z
    .preprocess((v) => (v === '' ? undefined : v), z.enum(['true', 'false', '1', '0'], { error: 'dry_run must be true or false' }).optional())
    .meta({ description: 'false: import (all rows or none); the default is a dry run that writes nothing' }),
});
const csvBody = z.string({ error: 'Send the CSV file as text/csv' }).meta({
  description:
    'The CSV file, header row first: warehouse, product (SKU, barcode or name), then any of minimum_stock, maximum_stock, ' +
    'lead_time_days, order_multiple, preferred_seller (e-mail or phone; none clears it)',
});
const importRefused = errorWith(
  'SettingsImportRefused',
  'Invalid input. A file with errors writes nothing; `errors` lists each bad cell with its `row` and column (`field`)',
  { dry_run: z.boolean().optional(), updated: z.number().int().optional(), unchanged: z.number().int().optional() },
);

/** Replenishment (issue 31): what to reorder per warehouse, draft purchase orders from it, and its settings by CSV. */
export const replenishmentRoutes: RouteModule = (app, { database }) => {
  const { db } = database;
  const imports = settingsImportService(db);

  // Another warehouse of an 'assigned' user answers an empty list, as the inventory list filtered by it does.
  app.get(
    '/replenishment',
    { config: { access: { resource: 'replenishment', action: 'list' } }, schema: { tags, querystring: replenishmentQuery } },
    async (request) => {
      const user = userOf(request);
      const { page, limit } = request.query;
      const warehouse = await requireWarehouse(db, request.query.warehouse_id);
      const filters = {
        sellerId: idFilter(request.query.seller_id, 'seller_id', 'Seller'),
        categoryId: idFilter(request.query.category_id, 'category_id', 'Category'),
      };
      const { rows, total } = await suggestionsPage(db, { warehouseId: warehouse.id, scope: user.warehouses ?? null }, filters, {
        limit,
        offset: (page - 1) * limit,
        seesCosts: user.seesCosts !== false,
      });
      return { data: rows, total, page, limit };
    },
  );

  app.post(
    '/replenishment/orders',
    {
      config: { access: { resource: 'replenishment', action: 'create' } },
      schema: { tags, headers: idempotencyKeyHeader, body: replenishmentOrdersSchema, response: created },
    },
    async (request, reply) => {
      const outcome = await createReplenishmentOrders(db, request.body, userOf(request), request.headers['idempotency-key']);
      if (outcome.replayed) void reply.header('idempotent-replayed', 'true');
      return reply.status(outcome.status as 201).send(outcome.body);
    },
  );

  // The file arrives as it is (the parser products' import registers, or this one where that is not served).
  if (!app.hasContentTypeParser('text/csv')) {
    app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: PRODUCT_IMPORT_MAX_BYTES }, (_request, body, done) => done(null, body));
  }
  app.post(
    '/inventory/replenishment-settings/import',
    {
      config: { access: { resource: 'inventory', action: 'edit' } },
      bodyLimit: PRODUCT_IMPORT_MAX_BYTES,
      schema: {
        tags: ['inventory'],
        consumes: ['text/csv'],
        querystring: importQuery,
        headers: idempotencyKeyHeader,
        body: csvBody,
        response: { 200: z.unknown(), 400: importRefused, ...errorReplies(413) },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const dryRun = request.query.dry_run !== 'false' && request.query.dry_run !== '0';
      if (dryRun) return imports.dryRun(request.body, user);
      const outcome = await imports.apply(request.body, user, request.headers['idempotency-key']);
      if (outcome.replayed) void reply.header('idempotent-replayed', 'true');
      return reply.status(outcome.status as 200).send(outcome.body);
    },
  );
};
