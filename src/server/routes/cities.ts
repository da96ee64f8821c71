import { citySchema } from '../../domain/schemas/city.js';
import { registerCrud } from '../http/crud-routes.js';
import type { RouteModule } from '../http/types.js';
import { cityService } from '../services/city-service.js';

export const cityRoutes: RouteModule = (app, { database }) =>
  registerCrud(app, {
    path: '/cities', resource: 'cities', entity: 'City',
    createSchema: citySchema, updateSchema: citySchema, service: cityService(database.db),
  });
