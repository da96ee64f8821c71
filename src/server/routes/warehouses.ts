import { warehouseSchema } from '../../domain/schemas/warehouse.js';
import { registerCrud } from '../http/crud-routes.js';
import type { RouteModule } from '../http/types.js';
import { warehouseService } from '../services/warehouse-service.js';

export const warehouseRoutes: RouteModule = (app, { database }) =>
  registerCrud(app, {
    path: '/warehouses', resource: 'warehouses', entity: 'Warehouse',
    createSchema: warehouseSchema, updateSchema: warehouseSchema, service: warehouseService(database.db),
  });
