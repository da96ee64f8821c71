import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource, inputSchemaOf, updateSchemaOf } from '../../src/domain/resource.js';
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
    expect(updateSchemaOf(pins).safeParse({ name: '', secret: 'x' }).error?.issues.map((i) => i.message)).toEqual(['Name is required', 'Too short']);
    expect(Object.keys(updateSchemaOf(pins).shape)).toEqual(['name', 'secret']);
  });

  it("gives users a password required on create and blank on edit to keep the current one", () => {
    expect(userCreateSchema.shape.password.safeParse('').error?.issues[0]?.message).toBe('Password must be at least 6 characters');
    for (const blank of ['', null, undefined]) expect(userUpdateSchema.shape.password.parse(blank)).toBeUndefined();
    expect(userUpdateSchema.shape.password.parse('secret123')).toBe('secret123');
    expect(Object.keys(userCreateSchema.shape)).toEqual(Object.keys(userUpdateSchema.shape));
  });
});
