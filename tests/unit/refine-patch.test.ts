import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource, inputSchemaOf, patchSchemaOf, updateSchemaOf } from '../../src/domain/resource.js';

const offers = defineResource({
  name: 'offers',
  path: '/offers',
  label: 'Offers',
  entity: { title: 'Offer', singular: 'offer', plural: 'offers' },
  fields: {
    name: { kind: 'text', label: 'Name', rule: z.string().min(1, 'Name is required') },
    price: { kind: 'money', label: 'Price', rule: z.number() },
    offer: { kind: 'money', label: 'Offer', rule: z.number() },
    tags: { kind: 'list', label: 'Tags', rule: z.array(z.string()).default([]), updateRule: z.array(z.string()) },
  },
  refine: {
    check: ({ price, offer }) => typeof price !== 'number' || typeof offer !== 'number' || offer <= price,
    message: 'Offer above price',
    path: ['offer'],
  },
  patch: true,
});

describe("a declaration's refine and patch update", () => {
  it('checks the whole body of a create, unless a field is missing or of the wrong type', () => {
    expect(inputSchemaOf(offers).safeParse({ name: 'a', price: 1, offer: 2 }).error?.issues).toEqual([
      { code: 'custom', message: 'Offer above price', path: ['offer'] },
    ]);
    expect(
      inputSchemaOf(offers)
        .safeParse({ name: '', price: 1, offer: 2 })
        .error?.issues.map((i) => i.message),
    ).toEqual(['Name is required', 'Offer above price']);
    expect(
      inputSchemaOf(offers)
        .safeParse({ name: 'a', price: 'x', offer: 2 })
        .error?.issues.map((i) => i.path),
    ).toEqual([['price']]);
    expect(inputSchemaOf(offers).parse({ name: 'a', price: 2, offer: 2 })).toEqual({ name: 'a', price: 2, offer: 2, tags: [] });
  });

  it('takes any subset of the fields on update, applies no default, and refines what was sent', () => {
    expect(patchSchemaOf(offers).parse({})).toEqual({});
    expect(patchSchemaOf(offers).parse({ offer: 5 })).toEqual({ offer: 5 });
    expect(patchSchemaOf(offers).safeParse({ price: 1, offer: 2 }).error?.issues[0]?.message).toBe('Offer above price');
    expect(patchSchemaOf(offers).safeParse({ name: '' }).error?.issues[0]?.message).toBe('Name is required');
    expect(updateSchemaOf(offers).parse({ tags: ['x'] })).toEqual({ tags: ['x'] });
  });

  it('leaves an update without patch whole', () => {
    expect(updateSchemaOf({ ...offers, patch: false }).safeParse({ offer: 5 }).success).toBe(false);
  });
});

describe("products' declared bodies", () => {
  it('keep the images of a PATCH that does not send them, and check the discount against a price sent with it', async () => {
    const { productPatchSchema, productSchema } = await import('../../src/domain/schemas/product.js');
    expect(productPatchSchema.parse({ price: 5 })).toEqual({ price: 5 });
    expect(productPatchSchema.safeParse({ price: 5, discount_price: 6 }).error?.issues).toEqual([
      { code: 'custom', message: 'Discount price cannot be more than the MRP price', path: ['discount_price'] },
    ]);
    const body = {
      productname: 'A',
      category: 'C',
      subcategory: 'S',
      product_keyword: 'B',
      price: 5,
      discount_price: 6,
      product_description: 'd',
      unit: 'g',
      unit_value: '1',
    };
    expect(productSchema.safeParse(body).error?.issues.map((i) => i.message)).toEqual(['Discount price cannot be more than the MRP price']);
    expect(productSchema.parse({ ...body, discount_price: 5 })).toMatchObject({ main_image: [], colors: [] });
  });
});
