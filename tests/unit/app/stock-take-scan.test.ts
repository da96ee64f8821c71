import { describe, expect, it } from 'vitest';
import { resolveScan, type ScanCandidate } from '../../../src/app/pages/stock-takes/scan-match.js';
import { countsSameProducts } from '../../../src/app/pages/stock-takes/use-overlapping-take.js';

const product = (id: string, productname: string, sku: string | null, barcode: string | null, onSheet = true): ScanCandidate => ({
  _id: id,
  productname,
  sku,
  barcode,
  onSheet,
});

const sheet = [
  product('1', 'Amul Butter 100g', 'GRC-0001', '8901234567892'),
  product('2', 'Amul Milk 500ml', 'GRC-0002', '8901234567908'),
  product('3', 'Amul Milk 1L', 'GRC-0003', null),
  product('4', 'Dove Soap', 'GRC-0004', null),
];

describe('the count sheet scan box', () => {
  it('a barcode or an SKU (whatever its case) picks its product outright, on the sheet or not', () => {
    expect(resolveScan('8901234567908', sheet, [])).toEqual({ kind: 'one', product: sheet[1] });
    expect(resolveScan(' grc-0004 ', sheet, [])).toEqual({ kind: 'one', product: sheet[3] });
    const newcomer = product('9', 'Amul Cheese', 'GRC-0009', '8901234567991', false);
    expect(resolveScan('8901234567991', sheet, [newcomer])).toEqual({ kind: 'one', product: newcomer });
  });

  it('a name: the single product containing it, the one named in full, or every match to pick from (the sheet first)', () => {
    expect(resolveScan('soap', sheet, [])).toEqual({ kind: 'one', product: sheet[3] });
    expect(resolveScan('amul milk 1l', sheet, [])).toEqual({ kind: 'one', product: sheet[2] });
    const catalogue = [product('3', 'Amul Milk 1L', 'GRC-0003', null, false), product('8', 'Amul Milk Powder', null, null, false)];
    expect(resolveScan('milk', sheet, catalogue)).toEqual({ kind: 'several', products: [sheet[1], sheet[2], catalogue[1]] });
  });

  it('nothing known by that text is none, however close', () => {
    expect(resolveScan('8901234567000', sheet, [])).toEqual({ kind: 'none' });
    expect(resolveScan('GRC-00', sheet, [])).toEqual({ kind: 'none' });
  });
});

describe('one open stock take per warehouse and product', () => {
  it('two takes count the same products when of one category or when either covers every product', () => {
    expect(countsSameProducts({ category_id: 'a' }, 'a')).toBe(true);
    expect(countsSameProducts({ category_id: null }, 'a')).toBe(true);
    expect(countsSameProducts({ category_id: 'a' }, undefined)).toBe(true);
    expect(countsSameProducts({ category_id: 'a' }, 'b')).toBe(false);
  });
});
