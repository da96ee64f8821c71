import { handlingChargeSchema } from '../../domain/schemas/handling-charge.js';
import { registerCrud } from '../http/crud-routes.js';
import type { RouteModule } from '../http/types.js';
import { handlingChargeService } from '../services/handling-charge-service.js';

export const handlingChargeRoutes: RouteModule = (app, { database }) =>
  registerCrud(app, {
    path: '/handling-charges', resource: 'handling-charges', entity: 'Handling charge',
    createSchema: handlingChargeSchema, updateSchema: handlingChargeSchema, service: handlingChargeService(database.db),
  });
