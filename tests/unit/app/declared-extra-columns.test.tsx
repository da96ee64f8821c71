import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource } from '../../../src/domain/resource.js';
import { fromSpec } from '../../../src/app/declared/declared.js';
import { resourceDeclarations } from '../../../src/app/resources/index.js';
import { RESOURCES } from '../../../src/domain/policy.js';

const books = defineResource({
  name: 'books',
  path: '/books',
  label: 'Books',
  entity: { title: 'Book', singular: 'book', plural: 'books' },
  fields: {
    title: { kind: 'text', label: 'Title', rule: z.string(), column: 'Title' },
    price: { kind: 'money', label: 'Price', rule: z.number(), column: 'Price' },
  },
});

describe("fromSpec's extra columns and form component", () => {
  it('adds columns that are no field and orders every column by key', () => {
    const books1 = fromSpec(books, { columns: { extra: [{ key: 'cover', title: 'Cover' }], order: ['cover', 'price', 'title'] } });
    expect(books1.list?.columns.map((c) => c.title)).toEqual(['Cover', 'Price', 'Title']);
    expect(() => fromSpec(books, { columns: { order: ['nope'] } })).toThrow("books: no column 'nope' to order");
  });

  it('plugs a form component of its own in place of the declared fields', () => {
    const component = lazy(async () => ({ default: () => null }));
    expect(fromSpec(books, { form: { component } }).form).toEqual({ titles: { create: 'Add Book', edit: 'Edit Book' }, component });
  });

  it("keeps Product Listing's columns, matrix place and sidebar place", () => {
    const products = resourceDeclarations.find((d) => d.name === 'products')!;
    expect(products.list?.columns.map((c) => [c.title, c.sort ?? null])).toEqual([
      ['Image', null],
      ['Product Name', 'productname'],
      ['Category', null],
      ['Subcategory', null],
      ['Stock Status', null],
      ['Current Stock', 'current_stock'],
      ['Price', 'price'],
      ['Discount Price', 'discount_price'],
    ]);
    expect(Object.keys(RESOURCES).slice(0, 2)).toEqual(['dashboard', 'products']);
    expect(resourceDeclarations.map((d) => d.name).slice(0, 3)).toEqual(['dashboard', 'products', 'users']);
  });
});
