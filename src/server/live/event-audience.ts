import { can, scopeOf, type Policy, type Resource } from '../../domain/policy.js';
import type { Role } from '../../domain/roles.js';
import type { CurrentUser } from '../auth/access.js';
import { readableResources } from '../services/history-service.js';
import type { AppEvent } from './event-hub.js';

/** Entries that are not a matrix resource's records, and the resource whose scope bounds them (as in history). */
const SCOPE_OF: Record<string, Resource> = { 'sign-ins': 'users' };

/** Who an event may reach: the resources a role may list, those it sees only in its own warehouses, and those warehouses. */
export type Audience = { readable: ReadonlySet<string>; scoped: ReadonlySet<string>; warehouses: ReadonlySet<string> };

/** The resources a role hears of (as in GET /history: those it may list), and those bounded by its warehouses. */
export function audienceOf(policy: Policy, role: Role, warehouses: ReadonlySet<string>): Audience {
  const readable = readableResources({ id: '', role, firstname: '', may: (resource, action) => can(policy, role, resource, action) } satisfies CurrentUser);
  const scoped = readable.filter((resource) => scopeOf(policy, role, (SCOPE_OF[resource] ?? resource) as Resource) === 'assigned');
  return { readable: new Set(readable), scoped: new Set(scoped), warehouses };
}

/** Whether an event may reach this audience: a resource it may list, and for a scoped one a warehouse of its own. */
export function receives(audience: Audience, event: AppEvent): boolean {
  if (!audience.readable.has(event.resource)) return false;
  return !audience.scoped.has(event.resource) || event.warehouses.some((w) => audience.warehouses.has(w));
}
