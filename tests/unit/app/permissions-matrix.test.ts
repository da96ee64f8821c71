import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_POLICY, RESOURCES, brokenDependencies, neededBy, needing, type Action, type Policy, type Resource } from '../../../src/domain/policy.js';
import { ROLES } from '../../../src/domain/roles.js';
import { dependencyNoteText, toggleCell } from '../../../src/app/pages/permissions/matrix-toggle.js';
import type { MatrixRow } from '../../../src/app/pages/permissions/matrix-rows.js';
import { createAccessControlProvider, type AccessPolicy } from '../../../src/app/providers/access-control-provider.js';
import { createSession } from '../../../src/app/providers/session.js';
import { permissionFor } from '../../../src/app/resources/index.js';
import { isGranted, samePolicy, withActions, withGrant, withSignIn } from '../../../src/app/pages/permissions/matrix-model.js';
import { diffPolicies } from '../../../src/app/pages/permissions/policy-diff.js';
import { fakeJwt, memoryStorage } from './helpers.js';

const clone = (p: Policy): Policy => JSON.parse(JSON.stringify(p));

describe('permissions matrix model', () => {
  it('grants and revokes one action without touching the others, and never mutates the saved policy', () => {
    const saved = clone(DEFAULT_POLICY);
    const granted = withGrant(saved, 'warehouse-user', 'products', 'list', true);
    expect(isGranted(granted, 'warehouse-user', 'products', 'list')).toBe(true);
    expect(isGranted(saved, 'warehouse-user', 'products', 'list')).toBe(false);
    expect(granted.grants['warehouse-user'].inventory).toEqual(DEFAULT_POLICY.grants['warehouse-user'].inventory);
    expect(samePolicy(withGrant(granted, 'warehouse-user', 'products', 'list', false), saved)).toBe(true);
    // An emptied resource disappears, as the server stores it.
    expect(withActions(saved, 'warehouse-user', 'stock', []).grants['warehouse-user']).not.toHaveProperty('stock');
  });

  it('compares matrices whatever the order of resources and actions', () => {
    const reordered = withActions(clone(DEFAULT_POLICY), 'warehouse-user', 'stock', ['write-off', 'remove', 'add', 'adjust']);
    expect(samePolicy(reordered, DEFAULT_POLICY)).toBe(true);
    expect(samePolicy(withSignIn(reordered, 'seller', true), DEFAULT_POLICY)).toBe(false);
  });
});

describe('action dependencies', () => {
  const row = (resource: Resource, action: Action): MatrixRow => ({ key: `${resource}:${action}`, kind: 'action', resource, action });
  const heading = (resource: Resource): MatrixRow => ({ key: resource, kind: 'resource', resource, actions: [...RESOURCES[resource]] });

  it('are declared once and the defaults obey them', () => {
    for (const role of ROLES) expect(brokenDependencies(DEFAULT_POLICY.grants[role]), role).toEqual([]);
    expect(neededBy({ resource: 'cities', action: 'edit' })).toEqual([
      { resource: 'cities', action: 'show' },
      { resource: 'cities', action: 'list' },
    ]);
    expect(needing({ resource: 'inventory', action: 'list' })).toEqual(
      expect.arrayContaining([
        { resource: 'inventory', action: 'show' },
        { resource: 'stock', action: 'add' },
        { resource: 'stock', action: 'remove' },
      ]),
    );
    expect(brokenDependencies({ cities: ['list', 'edit'] })).toEqual([
      { by: { resource: 'cities', action: 'edit' }, needs: { resource: 'cities', action: 'show' } },
    ]);
  });

  it('ticking edit ticks show and list, and the note says so', () => {
    const { policy, note } = toggleCell(clone(DEFAULT_POLICY), 'warehouse-user', row('cities', 'edit'), true);
    expect(policy.grants['warehouse-user'].cities).toEqual(['edit', 'show', 'list']);
    expect(dependencyNoteText(note!)).toBe('Also ticked cities show, cities list for Warehouse User: cities edit needs them.');
    expect(brokenDependencies(policy.grants['warehouse-user'])).toEqual([]);
  });

  it('unticking a needed action unticks what needs it, across resources', () => {
    const { policy, note } = toggleCell(clone(DEFAULT_POLICY), 'warehouse-user', row('inventory', 'list'), false);
    expect(policy.grants['warehouse-user'].inventory).toEqual(['create']);
    expect(policy.grants['warehouse-user'].stock).toBeUndefined();
    expect(dependencyNoteText(note!)).toBe(
      'Also unticked inventory show, inventory edit, inventory delete, stock add, stock adjust, stock remove, stock write-off for Warehouse User: they need inventory list.',
    );
  });

  it('a whole resource ticks what its actions need elsewhere; a box that needs nothing new changes nothing else', () => {
    const { policy, note } = toggleCell(clone(DEFAULT_POLICY), 'sub-admin', heading('stock'), true);
    expect(policy.grants['sub-admin']).toEqual({ stock: ['add', 'adjust', 'remove', 'write-off', 'revalue'], inventory: ['list'], costs: ['see'] });
    expect(dependencyNoteText(note!)).toMatch(/^Also ticked inventory list.* for Sub Admin/);
    expect(dependencyNoteText(note!)).toContain('costs see');
    const plain = toggleCell(clone(DEFAULT_POLICY), 'sub-admin', row('cities', 'list'), true);
    expect(plain.note).toBeNull();
    expect(plain.policy.grants['sub-admin']).toEqual({ cities: ['list'] });
  });
});

describe('audit summary', () => {
  it("reads '+ role: resource action' and '− role: may sign in', one line per changed box", () => {
    let after = withGrant(clone(DEFAULT_POLICY), 'warehouse-user', 'products', 'list', true);
    after = withGrant(after, 'warehouse-user', 'reports', 'list', false);
    after = withSignIn(after, 'sub-admin', true);
    after = withSignIn(after, 'warehouse-user', false);
    expect(diffPolicies(DEFAULT_POLICY, after).map((c) => c.text)).toEqual([
      '− warehouse-user: may sign in',
      '+ warehouse-user: products list',
      '− warehouse-user: reports list',
      '+ sub-admin: may sign in',
    ]);
    expect(diffPolicies(DEFAULT_POLICY, DEFAULT_POLICY)).toEqual([]);
  });

  it("reads a scope change as 'scope set to Assigned' (or All), with no + or − (issue 28)", () => {
    const assigned = { ...clone(DEFAULT_POLICY), scope: { 'warehouse-user': { inventory: 'assigned' as const } } };
    expect(diffPolicies(DEFAULT_POLICY, assigned)).toEqual([{ granted: true, neutral: true, text: 'warehouse-user: inventory scope set to Assigned' }]);
    expect(diffPolicies(assigned, DEFAULT_POLICY).map((c) => c.text)).toEqual(['warehouse-user: inventory scope set to All']);
  });

  it('stays readable for entries naming roles or resources that no longer exist', () => {
    const before = { signIn: { auditor: true }, grants: { auditor: { brands: ['list'] } } };
    expect(diffPolicies(before, { signIn: {}, grants: {} })).toEqual([
      { granted: false, text: '− auditor: may sign in' },
      { granted: false, text: '− auditor: brands list' },
    ]);
  });
});

describe('access policy re-read on navigation', () => {
  function setup() {
    const storage = memoryStorage({ token: fakeJwt({ sub: 'id-wh', role: 'warehouse-user' }) });
    let permissions: AccessPolicy['permissions'] = { warehouses: ['list'] };
    const fetchPolicy = vi.fn(async (): Promise<AccessPolicy> => ({ role: 'warehouse-user', permissions }));
    const provider = createAccessControlProvider({ fetchPolicy, session: createSession(storage), permissionFor });
    return { provider, fetchPolicy, change: (next: AccessPolicy['permissions']) => (permissions = next) };
  }

  it('answers from the cache until refresh(), then from a fresh read, once for many questions', async () => {
    const { provider, fetchPolicy, change } = setup();
    await expect(provider.can({ resource: 'products', action: 'list' })).resolves.toMatchObject({ can: false });
    change({ warehouses: ['list'], products: ['list'] });
    await expect(provider.can({ resource: 'products', action: 'list' })).resolves.toMatchObject({ can: false });
    expect(fetchPolicy).toHaveBeenCalledTimes(1);

    provider.refresh();
    const answers = await Promise.all([provider.can({ resource: 'products', action: 'list' }), provider.can({ resource: 'products', action: 'create' })]);
    expect(answers).toEqual([{ can: true }, { can: false, reason: 'Not available to the Warehouse User role.' }]);
    expect(fetchPolicy).toHaveBeenCalledTimes(2);
  });

  it('keeps the answers it had when the re-read fails', async () => {
    const { provider, fetchPolicy } = setup();
    await expect(provider.can({ resource: 'warehouses', action: 'list' })).resolves.toEqual({ can: true });
    fetchPolicy.mockRejectedValueOnce(new Error('Network error. Please check your connection.'));
    provider.refresh();
    await expect(provider.can({ resource: 'warehouses', action: 'list' })).resolves.toEqual({ can: true });
  });
});
