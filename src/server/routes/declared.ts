import { DECLARED_RESOURCES } from '../../domain/resources/index.js';
import { inputSchemaOf, type ResourceSpec } from '../../domain/resource.js';
import { registerCrud } from '../http/crud-routes.js';
import type { RouteModule } from '../http/types.js';
import { serverParts } from '../resources.js';
import { declaredService } from '../services/declared-service.js';

/** The five CRUD routes of every declared resource (src/domain/resources), on the generic service. */
export const declaredRoutes: RouteModule = (app, { database }) => {
  const tables = new Map([...serverParts].map(([name, part]) => [name, part.table]));
  for (const spec of DECLARED_RESOURCES) {
    const schema = inputSchemaOf(spec as ResourceSpec);
    registerCrud(app, {
      path: spec.path, resource: spec.name, entity: spec.entity.title, createSchema: schema, updateSchema: schema,
      service: declaredService(database.db, spec, serverParts.get(spec.name)!, tables),
    });
  }
};
