import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_PERMISSIONS, RESOURCES, isResourceAction } from '../../../src/domain/policy.js';
import { permissionFor, resourceDeclarations, type SpaResource } from '../../../src/app/resources/index.js';
import { backOfficeRoutes, type BackOfficeRoute } from '../../../src/app/routes/back-office-routes.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

/**
 * The permissions matrix lists RESOURCES (src/domain/policy.ts). A screen, button or API route whose permission
 * is missing there could never be granted from the matrix; a matrix row that nothing checks would be a dead
 * checkbox. Both sides are walked here: the SPA's declarations and routes, and the real API's route table.
 */
type Use = { where: string; resource: string; action: string };

/** Every (resource, action) the SPA asks the policy about, and where. */
function spaUses(declarations: SpaResource[], routes: BackOfficeRoute[]): Use[] {
  const uses: Use[] = [];
  const ask = (where: string, resource: string, action: string) => {
    const permission = permissionFor(resource, action);
    uses.push({ where, resource: permission?.resource ?? resource, action: permission?.action ?? action });
  };
  for (const d of declarations) {
    for (const [action, permission] of Object.entries(d.access ?? {})) uses.push({ where: `declaration '${d.name}' access.${action}`, ...permission });
    // Its screens, and (for a data resource) its list, which selects and tables read.
    const actions = new Set([...Object.keys(d.routes ?? {}), ...(d.api ? ['list'] : [])]);
    for (const action of actions) ask(`declaration '${d.name}' ${action}`, d.name, action);
  }
  for (const route of routes) ask(`route ${route.path}`, route.resource, route.action);
  return uses;
}

const unknown = (uses: Use[]) => uses.filter((u) => !isResourceAction(u.resource, u.action)).map((u) => `${u.where} → ${u.resource}: ${u.action}`);

let t: TestApp;
let serverUses: Use[];
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  serverUses = t.app.routeAccessTable.flatMap((route) =>
    typeof route.access === 'object' ? [{ where: `${route.method} ${route.url}`, ...route.access }] : [],
  );
});
afterAll(() => t.close());

describe('every permission is in the policy, and every policy row is used', () => {
  it('every SPA declaration, access override and back-office route names a (resource, action) of RESOURCES', () => {
    expect(unknown(spaUses(resourceDeclarations, backOfficeRoutes))).toEqual([]);
  });

  it('every API route that needs a permission names a (resource, action) of RESOURCES', () => {
    expect(serverUses.length).toBeGreaterThan(20);
    expect(unknown(serverUses)).toEqual([]);
  });

  it('every (resource, action) of RESOURCES is checked by an API route or an SPA declaration: no dead row in the matrix', () => {
    const used = new Set([...serverUses, ...FIELD_PERMISSIONS, ...spaUses(resourceDeclarations, backOfficeRoutes)].map((u) => `${u.resource}: ${u.action}`));
    const dead = Object.entries(RESOURCES)
      .flatMap(([resource, actions]) => actions.map((action) => `${resource}: ${action}`))
      .filter((p) => !used.has(p));
    expect(dead).toEqual([]);
  });

  it('catches a declaration or route added without a policy entry', () => {
    const brands: SpaResource = { name: 'brands', label: 'Brands', routes: { list: '/brands' }, api: {} };
    const report: SpaResource = { name: 'brand-report', label: 'Brand Report', access: { list: { resource: 'brand-reports', action: 'list' } as never } };
    const route: BackOfficeRoute = { path: '/products-export', resource: 'products', action: 'export' as never, page: backOfficeRoutes[0]!.page };
    expect(unknown(spaUses([brands, report], [route]))).toEqual([
      "declaration 'brands' list → brands: list",
      "declaration 'brand-report' access.list → brand-reports: list",
      'route /products-export → products: export',
    ]);
  });
});
