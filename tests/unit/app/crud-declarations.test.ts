import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { citySchema } from '../../../src/domain/schemas/city.js';
import { productSchema } from '../../../src/domain/schemas/product.js';
import { userCreateSchema, userUpdateSchema } from '../../../src/domain/schemas/user.js';
import { enumOptions, inferInput, isRequired } from '../../../src/app/crud/zod-fields.js';
import { zodMessage } from '../../../src/app/crud/zod-rules.js';
import { firstOf } from '../../../src/app/crud/cells.js';
import { resourceDeclarations } from '../../../src/app/resources/index.js';
import type { DeclaredFormDeclaration } from '../../../src/app/resources/types.js';

describe('fields from the shared zod schemas', () => {
  it('infers the input a field needs from its schema', () => {
    expect(inferInput(citySchema.shape.name)).toBe('text');
    expect(inferInput(citySchema.shape.pincode)).toBe('text');
    expect(inferInput(citySchema.shape.wards)).toBe('list');
    expect(inferInput(citySchema.shape.is_active)).toBe('switch');
    expect(inferInput(productSchema.shape.price)).toBe('number');
    expect(inferInput(userCreateSchema.shape.status)).toBe('select');
    expect(enumOptions(userCreateSchema.shape.status, { notverified: 'Not Verified' })).toEqual([
      { value: 'active', label: 'active' },
      { value: 'inactive', label: 'inactive' },
      { value: 'notverified', label: 'Not Verified' },
    ]);
  });

  it('marks a field required unless its schema accepts nothing: the password only on create', () => {
    expect(isRequired(userCreateSchema.shape.password)).toBe(true);
    expect(isRequired(userUpdateSchema.shape.password)).toBe(false);
    expect(isRequired(userCreateSchema.shape.gst_no)).toBe(false);
    expect(isRequired(citySchema.shape.is_active)).toBe(false);
    expect(isRequired(citySchema.shape.wards)).toBe(true);
  });

  it("reports the schema's own SPEC.md messages", () => {
    expect(zodMessage(citySchema.shape.pincode, '12345')).toBe('Please enter a valid 6-digit pincode');
    expect(zodMessage(citySchema.shape.pincode, '302001')).toBeNull();
    expect(zodMessage(citySchema.shape.wards, ['', '  '])).toBe('At least one ward is required');
    expect(zodMessage(productSchema.shape.price, -1)).toBe('Prices cannot be negative');
    expect(zodMessage(userCreateSchema.shape.password, '12345')).toBe('Password must be at least 6 characters');
    expect(zodMessage(userUpdateSchema.shape.password, '')).toBeNull();
  });

  it("shows the first wards, then '+N more'", () => {
    expect(firstOf(['a', 'b'], 3)).toBe('a, b');
    expect(firstOf(['a', 'b', 'c', 'd', 'e'], 3)).toBe('a, b, c +2 more');
  });
});

describe('the resource declarations', () => {
  const withForms = resourceDeclarations.filter((d) => d.form && !('component' in d.form));

  it('declare only fields their shared schemas know, with a create and an edit route when they have a form', () => {
    // SPEC.md's forms, and whatever resources are declared since.
    expect(withForms.map((d) => d.name)).toEqual(expect.arrayContaining(['cities', 'handling-charges', 'users', 'warehouses', 'categories', 'subcategories']));
    for (const declaration of withForms) {
      const form = declaration.form as DeclaredFormDeclaration;
      for (const mode of ['create', 'edit'] as const) {
        const shape = form.schemas[mode].shape as Record<string, ZodType>;
        for (const field of form.fields) expect(shape[field.name], `${declaration.name}.${field.name} (${mode})`).toBeDefined();
      }
      // Every required field of the schema has an input: the form can always be completed.
      const declared = new Set(form.fields.map((f) => f.name));
      const missing = Object.entries(form.schemas.create.shape as Record<string, ZodType>).filter(([name, s]) => isRequired(s) && !declared.has(name));
      expect(
        missing.map(([name]) => name),
        declaration.name,
      ).toEqual([]);
      if (declaration.name !== 'handling-charges')
        expect(declaration.routes).toMatchObject({ create: expect.any(String), edit: expect.stringContaining(':id') });
    }
  });

  it('give every list the SPEC.md empty text and unique columns', () => {
    const lists = Object.fromEntries(resourceDeclarations.filter((d) => d.list).map((d) => [d.name, d.list!]));
    expect(Object.fromEntries(Object.entries(lists).map(([name, list]) => [name, list.emptyText]))).toMatchObject({
      products: 'No products found',
      users: 'No users found',
      cities: 'No cities found',
      warehouses: 'No warehouses found',
      'handling-charges': 'No handling charges found.',
      categories: 'No categories found',
      subcategories: 'No subcategories found',
    });
    expect(lists.subcategories!.columns.map((c) => c.title)).toEqual(['Category', 'Subcategory Name', 'GST Rate (%)', 'GST Type', 'HSN Code', 'Perishable']);
    expect(lists.products!.columns.map((c) => c.title)).toEqual([
      'Image',
      'Product Name',
      'Category',
      'Subcategory',
      'Stock Status',
      'Current Stock',
      'Price',
      'Discount Price',
    ]);
    expect(lists.users!.columns.map((c) => c.title)).toEqual(['Name', 'Email', 'Role', 'Status', 'Created', 'Modified']);
    expect(lists.cities!.columns.map((c) => c.title)).toEqual(['City Name', 'State', 'District', 'Pincode', 'Wards', 'Status', 'Created']);
    expect(lists.warehouses!.columns.map((c) => c.title)).toEqual(['Warehouse Name', 'City', 'Address', 'Status', 'Contact Person', 'Phone']);
    for (const list of Object.values(lists)) expect(new Set(list.columns.map((c) => c.key)).size).toBe(list.columns.length);
  });
});
