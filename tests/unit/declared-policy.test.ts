import { describe, expect, it } from 'vitest';
import { declaredActionsOf, declaredGrantsOf } from '../../src/domain/policy.js';
import { costFieldsOf } from '../../src/domain/resource.js';
import { COST_FIELDS } from '../../src/server/auth/cost-fields.js';
import { testOrders, testSuppliers } from '../support/declared-documents.js';

describe("a declaration's row in the permissions matrix", () => {
  it("has the five CRUD actions, and a document's workflow steps beside them", () => {
    expect(declaredActionsOf(testSuppliers)).toEqual(['list', 'show', 'create', 'edit', 'delete']);
    expect(declaredActionsOf(testOrders)).toEqual(['list', 'show', 'create', 'edit', 'delete', 'submit', 'receive', 'recount', 'cancel']);
  });

  it("grants a role the declaration's actions and the steps that name it, never a step it does not name", () => {
    expect(declaredGrantsOf(testOrders, 'warehouse-user')).toEqual(['list', 'show', 'create', 'edit', 'submit']);
    expect(declaredGrantsOf(testOrders, 'seller')).toEqual([]);
  });
});

describe("a declaration's cost figures", () => {
  it('are its fields declared as costs or named as the stock cost figures, and every lines total computed from one', () => {
    expect(costFieldsOf(testOrders, COST_FIELDS)).toEqual(['freight', 'unit_cost', 'amount']);
    expect(costFieldsOf(testSuppliers, COST_FIELDS)).toEqual([]);
  });
});
