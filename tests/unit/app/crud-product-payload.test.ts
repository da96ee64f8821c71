import { describe, expect, it } from 'vitest';
import { productSchema } from '../../../src/domain/schemas/product.js';
import { toProductPayload } from '../../../src/app/pages/products/product-payload.js';
import type { MainCategory } from '../../../src/app/pages/products/use-categories.js';

const categories: MainCategory[] = [
  {
    category: 'Dairy & Bakery',
    category_id: 'c1',
    subcategories: [{ name: 'Butter & Cheese', subcategory_id: 's1', gst_rate: 12, gst_type: 'GST', hsn_code: '0405' }],
  },
];

const values = {
  category_id: 'c1',
  subcategory_id: 's1',
  productname: ' Butter ',
  product_hindi: '  ',
  unit: 'g',
  unit_value: '200',
  product_keyword: 'Amul',
  price: 120,
  discount_price: 110.5,
  product_description: 'Salted.',
  gst_rate: 12,
  gst_type: 'GST',
  hsn_code: '0405',
  main_image: ['/api/images/abc.jpg'],
  colors: [{ name: 'Yellow', sizes: ['100 g', '', '  ', '500 g', undefined], images: ['data:image/jpeg;base64,AAAA'] }],
};

describe('the product form → the POST/PATCH body of SPEC.md section 7', () => {
  it('names the category and subcategory, drops empty sizes and leaves out a blank Hindi name', () => {
    const payload = toProductPayload(values, categories);
    expect(payload).toEqual({
      productname: 'Butter',
      category: 'Dairy & Bakery',
      category_id: 'c1',
      subcategory: 'Butter & Cheese',
      subcategory_id: 's1',
      product_keyword: 'Amul',
      price: 120,
      discount_price: 110.5,
      product_description: 'Salted.',
      unit: 'g',
      unit_value: '200',
      gst_rate: 12,
      gst_type: 'GST',
      hsn_code: '0405',
      main_image: ['/api/images/abc.jpg'],
      colors: [{ name: 'Yellow', sizes: ['100 g', '500 g'], images: ['data:image/jpeg;base64,AAAA'] }],
    });
    expect('product_hindi' in payload).toBe(false);
    expect(productSchema.safeParse(payload).success).toBe(true);
  });

  it('on edit sends a cleared Hindi name as empty, so the partial update clears it', () => {
    const payload = toProductPayload({ ...values, product_hindi: '' }, categories, 'edit');
    expect(payload.product_hindi).toBe('');
    expect(productSchema.safeParse(payload).success).toBe(true);
  });

  it('sends the Hindi name when there is one, and the GST defaults when the subcategory gave none', () => {
    const payload = toProductPayload({ ...values, product_hindi: 'मक्खन', gst_rate: null, gst_type: null, hsn_code: undefined, colors: undefined }, categories);
    expect(payload).toMatchObject({ product_hindi: 'मक्खन', gst_rate: 0, gst_type: '', hsn_code: '', colors: [] });
  });
});
