import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SEE_COSTS, can, scopeOf, type Action, type Policy, type Resource } from '../../domain/policy.js';
import type { Role } from '../../domain/roles.js';
import { FORBIDDEN_MESSAGE, UNAUTHORIZED_MESSAGE } from '../../domain/schemas/auth.js';
import type { SessionSource } from './sessions.js';
import type { TokenSigner } from './tokens.js';
import { withoutCosts } from './cost-fields.js';
import type { WarehouseScope } from './warehouse-scope.js';
import type { ExpectedVersion } from '../db/actor.js';

/**
 * What a route needs: 'public' (no token), 'signed-in' (any valid token), or a policy permission.
 * Every /api route must declare one: registering a route without it fails at start-up.
 */
export type RouteAccess = 'public' | 'signed-in' | { resource: Resource; action: Action };

export type CurrentUser = {
  id: string;
  role: Role;
  firstname: string;
  /** This route's warehouse scope for the user (null: every warehouse). */
  warehouses?: WarehouseScope;
  /** Holds 'costs: see': without it responses carry no cost figures. */
  seesCosts?: boolean;
  /** Whether the live policy grants the user's role this action (for answers that differ by permission). */
  may?: (resource: Resource, action: Action) => boolean;
  /** An update's If-Match: the version of the record it was written against (src/server/db/actor.ts). */
  ifMatch?: ExpectedVersion;
};

export interface PolicySource {
  current(): Promise<Policy>;
  /** Forget a cached copy (after this process changed the policy). */
  invalidate?(): void;
}

export type RegisteredRoute = { method: string; url: string; access: RouteAccess };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its access rule: the role × route test walks it. */
    routeAccessTable: RegisteredRoute[];
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** This route's cost figures beyond COST_FIELDS (a declared document's totals of its unit costs). */
    costFields?: readonly string[];
  }
  interface FastifyRequest {
    user: CurrentUser | null;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** The logged-in user of a route whose access is not public. */
export function userOf(request: FastifyRequest): CurrentUser {
  if (!request.user) throw new Error('userOf() called on a public route');
  return request.user;
}

async function accessPlugin(app: FastifyInstance, opts: { signer: TokenSigner; policy: PolicySource; sessions: SessionSource }) {
  app.decorateRequest('user', null);
  const table: RegisteredRoute[] = [];
  app.decorate('routeAccessTable', table);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    // Third-party documentation routes (swagger-ui) are public pages.
    if (route.url.startsWith('/api/docs')) {
      route.config = { ...(route.config ?? {}), access: 'public' };
      return;
    }
    const rule = route.config?.access;
    if (!rule) throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule (config.access)`);
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url, access: rule });
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const token = bearer(request);
    const claims = token ? await opts.signer.verify(token) : null;
    // A valid signature is not enough: the user must still exist, be active and hold the token's role and
    // session version (a role, status or password change ends every token issued before it).
    if (!claims || !(await opts.sessions.accepts(claims))) return reply.status(401).send({ message: UNAUTHORIZED_MESSAGE });
    const policy = await opts.policy.current();
    const scoped = typeof access === 'object' && scopeOf(policy, claims.role, access.resource) === 'assigned';
    request.user = {
      id: claims.sub,
      role: claims.role,
      firstname: claims.firstname,
      warehouses: scoped ? { assignedTo: claims.sub } : null,
      seesCosts: can(policy, claims.role, SEE_COSTS.resource, SEE_COSTS.action),
      may: (resource, action) => can(policy, claims.role, resource, action),
    };
    // A role that may no longer sign in loses its outstanding tokens' access at once.
    if (!policy.signIn[claims.role]) return reply.status(403).send({ message: FORBIDDEN_MESSAGE });
    if (access === 'signed-in') return;
    if (!can(policy, claims.role, access.resource, access.action)) {
      return reply.status(403).send({ message: FORBIDDEN_MESSAGE });
    }
  });

  // Field-level: a caller without 'costs: see' gets no cost figure in any answer (answers already JSON text are
  // filtered where they are sent).
  app.addHook('preSerialization', async (request: FastifyRequest, _reply, payload: unknown) =>
    request.user && request.user.seesCosts === false ? withoutCosts(payload, request.routeOptions.config?.costFields) : payload,
  );
}

export const access = fp(accessPlugin, { name: 'access' });
