import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource, inputSchemaOf, updateSchemaOf } from '../../src/domain/resource.js';
import { inventoryCreateSchema, inventoryUpdateSchema } from '../../src/domain/schemas/inventory.js';
import { userCreateSchema, userUpdateSchema } from '../../src/domain/schemas/user.js';

const pins = defineResource({
  name: 'pins',
  path: '/pins',
  label: 'Pins',
  entity: { title: 'Pin', singular: 'pin', plural: 'pins' },
  fields: {
    name: { kind: 'text', label: 'Name', rule: z.string().min(1, 'Name is required') },
    secret: { kind: 'text', label: 'Secret', rule: z.string().min(4, 'Too short'), updateRule: z.string().min(4, 'Too short').optional() },
  },
});

describe("a field's update rule", () => {
  it('applies to the update body only; the other fields keep their rule, in the declared order', () => {
    expect(inputSchemaOf(pins).safeParse({ name: 'a' }).success).toBe(false);
    expect(updateSchemaOf(pins).parse({ name: 'a' })).toEqual({ name: 'a' });
    expect(
      updateSchemaOf(pins)
        .safeParse({ name: '', secret: 'x' })
        .error?.issues.map((i) => i.message),
    ).toEqual(['Name is required', 'Too short']);
    expect(Object.keys(updateSchemaOf(pins).shape)).toEqual(['name', 'secret']);
  });

  it('gives users a password required on create and blank on edit to keep the current one', () => {
    expect(userCreateSchema.shape.password.safeParse('').error?.issues[0]?.message).toBe('Password must be at least 6 characters');
    for (const blank of ['', null, undefined]) expect(userUpdateSchema.shape.password.parse(blank)).toBeUndefined();
    expect(userUpdateSchema.shape.password.parse('secret123')).toBe('secret123');
    expect(Object.keys(userCreateSchema.shape)).toEqual(Object.keys(userUpdateSchema.shape));
  });

  it("leaves a createOnly field out of the update: an inventory record's product is set once, its warehouse is checked by the service", () => {
    const product_id = '11111111-1111-4111-8111-111111111111';
    const warehouse_id = '22222222-2222-4222-8222-222222222222';
    expect(inventoryCreateSchema.safeParse({ warehouse_id }).error?.issues[0]).toMatchObject({ path: ['product_id'], message: 'Product is required' });
    expect(inventoryCreateSchema.parse({ product_id, warehouse_id })).toMatchObject({ current_stock: 0, minimum_stock: 0, maximum_stock: 0, unit_cost: 0 });
    expect(Object.keys(inventoryUpdateSchema.shape)).not.toContain('product_id');
    // A patch: nothing sent is nothing changed, and no default fills it; blank text clears the location.
    expect(inventoryUpdateSchema.parse({ product_id, current_stock: '7', location: '' })).toEqual({ current_stock: 7, location: '' });
    expect(inventoryUpdateSchema.safeParse({ minimum_stock: 5, maximum_stock: 2 }).error?.issues[0]?.message).toBe(
      'Minimum stock cannot be more than maximum stock',
    );
  });
});
