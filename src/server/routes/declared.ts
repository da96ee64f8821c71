import { z } from 'zod';
import { DECLARED_RESOURCES } from '../../domain/resources/index.js';
import { inputSchemaOf, updateSchemaOf, type ResourceSpec } from '../../domain/resource.js';
import { optionalText } from '../../domain/schemas/common.js';
import { registerCrud, type StepRoute } from '../http/crud-routes.js';
import type { RouteModule } from '../http/types.js';
import { serverParts } from '../resources.js';
import { deleteGuard } from '../services/declared-references.js';
import { declaredService } from '../services/declared-service.js';
import { actionLabel, workflowOf } from '../services/declared-workflow.js';

/**
 * Every declared resource (src/domain/resources): its five CRUD routes, on its part's own service or the generic one,
 * a 409 before deleting a record others point at, and a document's workflow steps.
 */
export const declaredRoutes: RouteModule = (app, deps) => {
  const specs = DECLARED_RESOURCES as readonly ResourceSpec[];
  const tables = new Map([...serverParts].map(([name, part]) => [name, part.table]));
  for (const spec of specs) {
    const part = serverParts.get(spec.name)!;
    const generic = () => declaredService(deps.database.db, spec, part, tables);
    const flow = workflowOf(spec);
    const steps: StepRoute[] = Object.entries(flow?.workflow.actions ?? {}).map(([name, action]) => ({
      name,
      summary: `${actionLabel(name, action)}: ${action.from.join(' or ')} → ${action.to}`,
      body: z.object({ note: optionalText('Note', 1000) }).extend(part.actionInput?.[name] && 'shape' in part.actionInput[name]
        ? (part.actionInput[name] as z.ZodObject).shape : {}),
    }));
    registerCrud(app, {
      path: spec.path, resource: spec.name as typeof DECLARED_RESOURCES[number]['name'], entity: spec.entity.title, ...spec.api,
      createSchema: inputSchemaOf(spec), updateSchema: updateSchemaOf(spec),
      service: part.service?.({ ...deps, log: app.log, spec, tables, generic }) ?? generic(),
      steps, beforeDelete: deleteGuard(deps.database.db, spec, specs),
    });
  }
};
