import { DECLARED_RESOURCES } from '../../domain/resources/index.js';
import { inputSchemaOf, updateSchemaOf, type ResourceSpec } from '../../domain/resource.js';
import { registerCrud } from '../http/crud-routes.js';
import type { RouteModule } from '../http/types.js';
import { serverParts } from '../resources.js';
import { declaredService } from '../services/declared-service.js';

/** The five CRUD routes of every declared resource (src/domain/resources), on its part's own service or the generic one. */
export const declaredRoutes: RouteModule = (app, deps) => {
  const tables = new Map([...serverParts].map(([name, part]) => [name, part.table]));
  for (const spec of DECLARED_RESOURCES as readonly ResourceSpec[]) {
    const part = serverParts.get(spec.name)!;
    registerCrud(app, {
      path: spec.path, resource: spec.name as typeof DECLARED_RESOURCES[number]['name'], entity: spec.entity.title, ...spec.api,
      createSchema: inputSchemaOf(spec), updateSchema: updateSchemaOf(spec),
      service: part.service?.({ ...deps, log: app.log }) ?? declaredService(deps.database.db, spec, part, tables),
    });
  }
};
