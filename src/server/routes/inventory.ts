import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  addStockSchema,
  adjustStockSchema,
  inventoryByCityQuery,
  inventoryLookupQuery,
  movementListQuery,
  removeStockSchema,
  revalueStockSchema,
  updateAllInventorySchema,
} from '../../domain/schemas/inventory.js';
import type { Action, Resource } from '../../domain/policy.js';
import { userOf } from '../auth/access.js';
import { assertWarehouseWritable } from '../auth/warehouse-scope.js';
import { HttpError } from '../http/errors.js';
import { sendStock } from '../http/send-stock.js';
import { errorReplies, errorWith, idempotencyKeyHeader } from '../http/openapi.js';
import type { RouteModule } from '../http/types.js';
import { movementLinksOf } from '../services/inventory-records.js';
import { inventoryService } from '../services/inventory-service.js';
import { reconcileService } from '../services/reconcile.js';
import { stockService } from '../services/stock-service.js';
import { updateAllPreviewService } from '../services/update-all-preview.js';

const updateAllPreviewAnswer = z.object({
  warehouse_id: z.string(),
  warehouse_name: z.string(),
  to_create: z.number().int().meta({ description: 'Records the update would create: products with none in the warehouse yet' }),
  records: z.number().int().meta({ description: 'Records the warehouse holds now' }),
});

const tags = ['inventory'];
const perm = (resource: Resource, action: Action) => ({ access: { resource, action } });

/**
 * SPEC.md section 5 shows ONE message for a bad stock form: the first rule that fails, in the order of the schema.
 * Routes that want that attach the validation error and turn its first issue into the 400.
 */
function firstIssue(request: FastifyRequest, prefix = ''): HttpError | null {
  const error = request.validationError as (Error & { validation?: { instancePath?: string; message?: string }[]; validationContext?: string }) | undefined;
  if (!error) return null;
  const all = (error.validation ?? []).map((v) => ({
    field: (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || error.validationContext || 'body',
    message: v.message ?? 'is invalid',
  }));
  return new HttpError(400, `${prefix}${all[0]?.message ?? error.message}`, all);
}

/**
 * Inventory beyond its record's five CRUD routes (the declared ones, src/server/routes/declared.ts): look-up, the
 * ledger, the city view, the stock movements and the reconciliation.
 */
/** A receipt of a batch already expired is a question: sent again with `confirm_expired: true` (named by `confirm`), it is recorded. */
const expiredReceipt = errorWith(
  'ConfirmExpired',
  'Conflicts with the current data; receiving a batch already expired asks to confirm: `confirm` names the body field to set true',
  { confirm: z.literal('confirm_expired').optional() },
);

export const inventoryRoutes: RouteModule = (app, { database }) => {
  const records = inventoryService(database.db);
  const stock = stockService(database);
  const reconcile = reconcileService(database.db);
  const updateAllPreview = updateAllPreviewService(database.db);

  app.get(
    '/inventory/lookup',
    { config: perm('inventory', 'show'), schema: { tags, querystring: inventoryLookupQuery, response: { 200: z.unknown(), ...errorReplies(404) } } },
    (request) => records.lookup(request.query.product_id, request.query.warehouse_id, userOf(request).warehouses),
  );

  app.get('/inventory/movements', { config: perm('inventory', 'list'), schema: { tags, querystring: movementListQuery } }, (request) =>
    records.movements(request.query, userOf(request).warehouses, movementLinksOf(userOf(request))),
  );

  app.get(
    '/inventory/by-city/:cityId',
    { config: perm('inventory', 'list'), schema: { tags, params: z.object({ cityId: z.string() }), querystring: inventoryByCityQuery } },
    (request) => records.byCity(request.params.cityId, request.query, userOf(request).warehouses),
  );

  app.post(
    '/inventory/add-stock',
    {
      config: perm('stock', 'add'),
      attachValidation: true,
      schema: { tags, headers: idempotencyKeyHeader, body: addStockSchema, response: { 409: expiredReceipt } },
    },
    async (request, reply) => {
      const invalid = firstIssue(request);
      if (invalid) throw invalid;
      const user = userOf(request);
      // Scope is checked before the one-statement stock write: a refusal changes nothing.
      await assertWarehouseWritable(database.db, user.warehouses ?? null, request.body.warehouse_id);
      return sendStock(reply, await stock.addStock(request.body, user, request.headers['idempotency-key']), user);
    },
  );

  app.post(
    '/inventory/adjust-stock',
    { config: perm('stock', 'adjust'), attachValidation: true, schema: { tags, headers: idempotencyKeyHeader, body: adjustStockSchema } },
    async (request, reply) => {
      const invalid = firstIssue(request, 'Validation error: ');
      if (invalid) throw invalid;
      const user = userOf(request);
      // Scope is checked before the one-statement stock write: a refusal changes nothing.
      await assertWarehouseWritable(database.db, user.warehouses ?? null, request.body.warehouse_id);
      return sendStock(reply, await stock.adjustStock(request.body, user, request.headers['idempotency-key']), user);
    },
  );

  app.post(
    '/inventory/remove-stock',
    { config: perm('stock', 'remove'), attachValidation: true, schema: { tags, headers: idempotencyKeyHeader, body: removeStockSchema } },
    async (request, reply) => {
      const invalid = firstIssue(request);
      if (invalid) throw invalid;
      const user = userOf(request);
      // Scope is checked before the one-statement stock write: a refusal changes nothing.
      await assertWarehouseWritable(database.db, user.warehouses ?? null, request.body.warehouse_id);
      return sendStock(reply, await stock.removeStock(request.body, user, request.headers['idempotency-key']), user);
    },
  );

  // Read-only, guarded as the update is: what it would create, for the screen to say before it asks for confirmation.
  app.get(
    '/inventory/update-all-preview',
    {
      config: perm('update-all-inventory', 'update-all'),
      schema: { tags, querystring: updateAllInventorySchema, response: { 200: updateAllPreviewAnswer } },
    },
    async (request) => {
      await assertWarehouseWritable(database.db, userOf(request).warehouses ?? null, request.query.warehouse_id);
      return updateAllPreview.preview(request.query.warehouse_id);
    },
  );

  app.post(
    '/inventory/revalue',
    { config: perm('stock', 'revalue'), schema: { tags, headers: idempotencyKeyHeader, body: revalueStockSchema } },
    async (request, reply) => {
      const user = userOf(request);
      await assertWarehouseWritable(database.db, user.warehouses ?? null, request.body.warehouse_id);
      return sendStock(reply, await stock.revalue(request.body, user, request.headers['idempotency-key']), user);
    },
  );

  app.post(
    '/inventory/test-update-all-inventory',
    { config: perm('update-all-inventory', 'update-all'), schema: { tags, body: updateAllInventorySchema } },
    async (request) => {
      await assertWarehouseWritable(database.db, userOf(request).warehouses ?? null, request.body.warehouse_id);
      return reconcile.reconcileWarehouse(request.body.warehouse_id, userOf(request));
    },
  );
};
