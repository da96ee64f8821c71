import { getTableName } from 'drizzle-orm';
import { z } from 'zod';
import type { Resource } from '../../domain/policy.js';
import { exportColumnsOf } from '../../domain/list-csv.js';
import { actionLabel, costFieldsOf, inputSchemaOf, stepTargets, updateSchemaOf } from '../../domain/resource.js';
import { COST_FIELDS } from '../auth/cost-fields.js';
import { optionalText } from '../../domain/schemas/common.js';
import { registerCrud, type StepRoute } from '../http/crud-routes.js';
import type { RouteModule } from '../http/types.js';
import { deleteGuard } from '../services/declared-references.js';
import { declaredService } from '../services/declared-service.js';
import { recordVersions } from '../services/record-version.js';
import { workflowOf } from '../services/declared-workflow.js';

/**
 * Every declared resource (src/domain/resources): its five CRUD routes, on its part's own service or the generic one,
 * a 409 before deleting a record others point at, and a document's workflow steps.
 */
export const declaredRoutes: RouteModule = (app, deps) => {
  const specs = deps.resources.map((r) => r.spec);
  const tables = new Map(deps.resources.map(({ spec, part }) => [spec.name, part.table]));
  for (const { spec, part } of deps.resources) {
    const generic = () => declaredService(deps.database.db, spec, part, tables);
    const flow = workflowOf(spec);
    // Its list as a CSV file, in the columns its list screen shows (src/domain/list-csv.ts).
    const columns = exportColumnsOf(spec);
    const steps: StepRoute[] = Object.entries(flow?.workflow.actions ?? {}).map(([name, action]) => {
      const more = part.actionInput?.[name];
      return {
        name,
        summary: `${actionLabel(name, action)}: ${action.from.join(' or ')} → ${stepTargets(action).join(' or ') || 'unchanged'}`,
        // No body is an empty one: what is missing is then named ('lines'), not the body.
        body: z.preprocess((v) => v ?? {}, z.object({ note: optionalText('Note', 1000) }).extend(more instanceof z.ZodObject ? more.shape : {})),
      };
    });
    registerCrud(app, {
      path: spec.path,
      resource: spec.name as Resource,
      entity: spec.entity.title,
      ...spec.api,
      createSchema: inputSchemaOf(spec),
      updateSchema: updateSchemaOf(spec),
      service: part.service?.({ ...deps, log: app.log, spec, tables, generic }) ?? generic(),
      steps,
      costFields: [...costFieldsOf(spec, COST_FIELDS).filter((f) => !COST_FIELDS.has(f)), ...(part.costFields ?? [])],
      beforeDelete: deleteGuard(deps.database.db, spec, specs),
      versions: recordVersions(deps.database.db, spec.name, getTableName(part.table)),
      ...(columns.length && {
        csv: { db: deps.database.db, name: spec.entity.plural, columns, localisedHeader: !spec.list?.export?.columns },
      }),
    });
  }
};
