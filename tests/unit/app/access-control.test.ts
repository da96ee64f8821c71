import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_POLICY, RESOURCES, can as policyCan, type Action, type Resource } from '../../../src/domain/policy.js';
import type { Role } from '../../../src/domain/roles.js';
import { createAccessControlProvider, type AccessPolicy } from '../../../src/app/providers/access-control-provider.js';
import { createSession } from '../../../src/app/providers/session.js';
import { permissionFor } from '../../../src/app/resources/index.js';
import { fakeJwt, memoryStorage } from './helpers.js';

/** What GET /api/access-policy answers for a role (the same computation as the route). */
function policyOf(role: Role): AccessPolicy {
  const permissions: AccessPolicy['permissions'] = {};
  for (const [resource, actions] of Object.entries(RESOURCES) as [Resource, readonly Action[]][]) {
    const allowed = actions.filter((action) => policyCan(DEFAULT_POLICY, role, resource, action));
    if (allowed.length) permissions[resource] = allowed;
  }
  return { role, permissions };
}

function setup(role: Role = 'warehouse-user') {
  const storage = memoryStorage({ token: fakeJwt({ sub: `id-${role}`, role }) });
  const session = createSession(storage);
  let current = role;
  const fetchPolicy = vi.fn(async () => policyOf(current));
  const provider = createAccessControlProvider({ fetchPolicy, session, permissionFor });
  const signInAs = (next: Role) => {
    current = next;
    storage.setItem('token', fakeJwt({ sub: `id-${next}`, role: next }));
  };
  return { provider, fetchPolicy, signInAs };
}

describe('access control', () => {
  it('maps screens to the policy permission declared for them', () => {
    expect(permissionFor('dashboard', 'list')).toEqual({ resource: 'dashboard', action: 'show' });
    expect(permissionFor('inventory-report', 'list')).toEqual({ resource: 'reports', action: 'list' });
    expect(permissionFor('update-all-inventory', 'list')).toEqual({ resource: 'update-all-inventory', action: 'update-all' });
    expect(permissionFor('inventory-by-city', 'list')).toEqual({ resource: 'inventory', action: 'list' });
    expect(permissionFor('warehouses', 'delete')).toEqual({ resource: 'warehouses', action: 'delete' });
    expect(permissionFor('warehouses', 'clone')).toBeNull();
    expect(permissionFor('no-such-screen', 'list')).toBeNull();
  });

  it('answers from the API policy: the warehouse-user may not delete a warehouse but may adjust inventory', async () => {
    const { provider } = setup('warehouse-user');
    await expect(provider.can({ resource: 'warehouses', action: 'list' })).resolves.toEqual({ can: true });
    await expect(provider.can({ resource: 'warehouses', action: 'delete' })).resolves.toEqual({
      can: false,
      reason: 'Not available to the Warehouse User role.',
    });
    await expect(provider.can({ resource: 'inventory', action: 'edit' })).resolves.toEqual({ can: true });
    await expect(provider.can({ resource: 'products', action: 'list' })).resolves.toMatchObject({ can: false });
  });

  it('fetches the policy once per signed-in user', async () => {
    const { provider, fetchPolicy, signInAs } = setup('warehouse-user');
    await Promise.all([provider.can({ resource: 'cities', action: 'list' }), provider.can({ resource: 'users', action: 'list' })]);
    expect(fetchPolicy).toHaveBeenCalledTimes(1);
    signInAs('admin');
    await expect(provider.can({ resource: 'cities', action: 'list' })).resolves.toEqual({ can: true });
    expect(fetchPolicy).toHaveBeenCalledTimes(2);
  });

  it('denies unknown actions and, when the policy cannot be loaded, everything (and asks again next time)', async () => {
    const { provider, fetchPolicy } = setup('admin');
    await expect(provider.can({ resource: 'cities', action: 'export' })).resolves.toMatchObject({ can: false });
    fetchPolicy.mockRejectedValueOnce(new Error('Network error. Please check your connection.'));
    await expect(provider.can({ resource: 'cities', action: 'list' })).resolves.toMatchObject({ can: false });
    await expect(provider.can({ resource: 'cities', action: 'list' })).resolves.toEqual({ can: true });
  });
});
