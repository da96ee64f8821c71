import { describe, expect, it } from 'vitest';
import { countsSameProducts } from '../../../src/app/pages/stock-takes/use-overlapping-take.js';

describe('one open stock take per warehouse and product', () => {
  it('two takes count the same products when of one category or when either covers every product', () => {
    expect(countsSameProducts({ category_id: 'a' }, 'a')).toBe(true);
    expect(countsSameProducts({ category_id: null }, 'a')).toBe(true);
    expect(countsSameProducts({ category_id: 'a' }, undefined)).toBe(true);
    expect(countsSameProducts({ category_id: 'a' }, 'b')).toBe(false);
  });
});
