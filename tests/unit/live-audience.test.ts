import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, type Policy } from '../../src/domain/policy.js';
import { audienceOf, receives } from '../../src/server/live/event-audience.js';
import type { AppEvent } from '../../src/server/live/event-hub.js';
import { expectedVersion } from '../../src/server/services/record-version.js';

const event = (resource: string, warehouses: string[] = []): AppEvent => ({
  id: 'h1',
  resource,
  action: 'updated',
  record_id: 'r',
  warehouses,
  user_id: null,
  user_name: null,
  at: new Date(0).toISOString(),
});

const scoped = (): Policy => {
  const policy = structuredClone(DEFAULT_POLICY);
  policy.scope['warehouse-user'] = { ...policy.scope['warehouse-user'], inventory: 'assigned' };
  return policy;
};

describe('who hears an event (issue 32)', () => {
  it('an admin hears everything, sign-ins and permissions included', () => {
    const admin = audienceOf(DEFAULT_POLICY, 'admin', new Set());
    for (const resource of ['products', 'inventory', 'users', 'permissions', 'sign-ins']) expect(receives(admin, event(resource, ['w1']))).toBe(true);
  });

  it("a warehouse user hears only what its role may list, and a scoped resource's events of its own warehouses", () => {
    const user = audienceOf(scoped(), 'warehouse-user', new Set(['w1']));
    expect(receives(user, event('inventory', ['w1']))).toBe(true);
    expect(receives(user, event('inventory', ['w2']))).toBe(false);
    // A transfer names both its warehouses: either one of its own will do.
    expect(receives(user, event('inventory', ['w2', 'w1']))).toBe(true);
    expect(receives(user, event('inventory', []))).toBe(false);
    expect(receives(user, event('users'))).toBe(false);
    expect(receives(user, event('sign-ins'))).toBe(false);
    expect(receives(user, event('cities'))).toBe(false);
  });

  it('nobody hears anything once its role may no longer sign in', () => {
    const policy = structuredClone(DEFAULT_POLICY);
    policy.signIn['warehouse-user'] = false;
    expect(receives(audienceOf(policy, 'warehouse-user', new Set(['w1'])), event('inventory', ['w1']))).toBe(false);
  });
});

describe('the version an update names', () => {
  it('reads If-Match (strong or weak ETag), else the body, else none; * matches any', () => {
    expect(expectedVersion('"42"', undefined)).toBe(42);
    expect(expectedVersion('W/"7"', 3)).toBe(7);
    expect(expectedVersion(undefined, 3)).toBe(3);
    expect(expectedVersion(undefined, undefined)).toBeUndefined();
    expect(expectedVersion('*', 3)).toBeUndefined();
  });

  it('refuses what is not a version, naming where it was', () => {
    expect(() => expectedVersion('"abc"', undefined)).toThrow(/If-Match/);
    for (const bad of [-1, 1.5, '3', Number.MAX_SAFE_INTEGER + 2]) expect(() => expectedVersion(undefined, bad)).toThrow(/version/);
  });
});
