import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.js';
import { COST_FIELDS } from './cost-fields.js';

/** Query parameters that name the field a list is ordered by. */
const ORDER_KEYS = new Set(['sort', 'sort_by', 'order_by']);

/**
 * A field hidden from a caller is hidden from their sorts and filters too: ordering or filtering by a cost figure
 * would let a role without 'costs: see' recover it (a probe record's position among the others). Every route, the
 * ones added later included: a 400 naming the parameter, before any query runs.
 */
export async function refuseHiddenFieldQueries(request: FastifyRequest): Promise<void> {
  if (!request.user || request.user.seesCosts !== false) return;
  const query = (request.query ?? {}) as Record<string, unknown>;
  const routeCosts = request.routeOptions.config?.costFields ?? [];
  for (const [key, value] of Object.entries(query)) {
    const field = ORDER_KEYS.has(key) && typeof value === 'string' ? value.trim() : key;
    if (!COST_FIELDS.has(field) && !routeCosts.includes(field)) continue;
    const message = ORDER_KEYS.has(key)
      ? `Sorting by ${field} needs the permission to see costs and values`
      : `Filtering by ${field} needs the permission to see costs and values`;
    throw new HttpError(400, message, [{ field: key, message }]);
  }
}
