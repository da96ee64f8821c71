import { afterEach, describe, expect, it, vi } from 'vitest';
import { STOCK_MESSAGES } from '../../../src/domain/schemas/inventory.js';
import { cityInventoryStatus, inventoryStatus, panelStatus } from '../../../src/app/pages/inventory/shared/inventory-status.js';
import { keyPerSubmission, newIdempotencyKey } from '../../../src/app/pages/inventory/stock/idempotency-key.js';
import { stockDestination } from '../../../src/app/pages/inventory/stock/stock-destination.js';
import { checkAddStock, checkAdjustStock } from '../../../src/app/pages/inventory/stock/stock-validation.js';
import { stockErrorMessage } from '../../../src/app/pages/inventory/stock/use-stock-submit.js';
import { toCsv } from '../../../src/app/pages/reports/shared/csv.js';
import { totalsOf, type SalePurchaseReport } from '../../../src/app/pages/reports/sale-purchase/types.js';

const complete = {
  product_id: 'p1',
  warehouse_id: 'w1',
  quantity: 5,
  unit_cost: 12.5,
  movement_reason: 'purchase',
  reference_id: ' INV-1 ',
  reference_type: 'invoice',
  notes: 'delivery',
  seller_id: 's1',
};

describe('add-stock form checks (SPEC.md section 5)', () => {
  it('reports only the first failing rule, in the SPEC.md order', () => {
    const order: [Partial<typeof complete>, string][] = [
      [{ product_id: '' }, STOCK_MESSAGES.product],
      [{ quantity: 0 }, STOCK_MESSAGES.quantity],
      [{ unit_cost: 0 }, STOCK_MESSAGES.unitCost],
      [{ movement_reason: '' }, STOCK_MESSAGES.reason],
      [{ reference_id: '  ' }, STOCK_MESSAGES.referenceId],
      [{ reference_type: '' }, STOCK_MESSAGES.referenceType],
      [{ notes: '' }, STOCK_MESSAGES.notes],
      [{ seller_id: '' }, STOCK_MESSAGES.seller],
    ];
    // Breaking every rule from the i-th on, the i-th message is the one shown.
    order.forEach(([, message], i) => {
      const broken = Object.assign({}, complete, ...order.slice(i).map(([change]) => change));
      const result = checkAddStock(broken);
      expect(result.ok ? null : result.issue.message).toBe(message);
    });
    expect(checkAddStock({})).toMatchObject({ ok: false, issue: { field: 'product_id', message: 'Product is required' } });
  });

  it('asks a seller for purchases only, and sends trimmed values', () => {
    expect(checkAddStock({ ...complete, movement_reason: 'return', seller_id: undefined }).ok).toBe(true);
    const result = checkAddStock(complete);
    expect(result).toMatchObject({ ok: true, data: { reference_id: 'INV-1', quantity: 5, unit_cost: 12.5 } });
  });

  it('adjust: the quantity is the new level, so 0 is allowed and -1 is not; the other rules stay', () => {
    const adjust = { quantity: 0, unit_cost: 3, movement_reason: 'adjustment', reference_id: 'C-1', reference_type: 'manual', notes: 'count' };
    expect(checkAdjustStock(adjust).ok).toBe(true);
    expect(checkAdjustStock({ ...adjust, quantity: -1 })).toMatchObject({
      ok: false,
      issue: { field: 'quantity', message: 'New stock must be a whole number, 0 or more' },
    });
    expect(checkAdjustStock({ ...adjust, unit_cost: null })).toMatchObject({ ok: false, issue: { message: STOCK_MESSAGES.unitCost } });
  });

  it("a 400 reads 'Validation error:' and the server's message, once", () => {
    expect(stockErrorMessage({ statusCode: 400, message: 'Seller not found' })).toBe('Validation error: Seller not found');
    expect(stockErrorMessage({ statusCode: 400, message: 'Validation error: New stock must be a whole number, 0 or more' })).toBe(
      'Validation error: New stock must be a whole number, 0 or more',
    );
    expect(stockErrorMessage({ statusCode: 409, message: 'Not enough stock' })).toBe('Not enough stock');
  });
});

describe('Idempotency-Key per submission', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the same content keeps its key (double click, retry); changed content gets a new one', () => {
    let n = 0;
    const keys = keyPerSubmission(() => `k${++n}`);
    expect(keys.keyFor({ quantity: 1 })).toBe('k1');
    expect(keys.keyFor({ quantity: 1 })).toBe('k1');
    expect(keys.keyFor({ quantity: 2 })).toBe('k2');
    expect(keys.keyFor({ quantity: 1 })).toBe('k3');
  });

  it('makes v4 UUIDs without crypto.randomUUID (plain-HTTP origins)', () => {
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array) => a.fill(0xff) });
    expect(newIdempotencyKey()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });
});

describe('stock status and navigation (SPEC.md section 4)', () => {
  it('Out of Stock > Low Stock > In Stock; the city view knows only Out and In; the panel counts a missing minimum as 0', () => {
    expect(inventoryStatus({ out_of_stock: true, low_stock_alert: true }).label).toBe('Out of Stock');
    expect(inventoryStatus({ out_of_stock: false, low_stock_alert: true }).label).toBe('Low Stock');
    expect(inventoryStatus({ out_of_stock: false, low_stock_alert: false }).label).toBe('In Stock');
    expect(cityInventoryStatus({ out_of_stock: false }).label).toBe('In Stock');
    expect(panelStatus(5, 5).label).toBe('Low Stock');
    expect(panelStatus(5, null).label).toBe('In Stock');
    expect(panelStatus(0, null).label).toBe('Out of Stock');
  });

  it('goes to the city inventory when both ids are known, else to the fallback', () => {
    expect(stockDestination('c 1', 'w1', '/inventory')).toBe('/inventory-by-city/c%201?warehouse_id=w1');
    expect(stockDestination(undefined, 'w1', '/inventory')).toBe('/inventory');
    expect(stockDestination('c1', 'w1', '/inventory', 'Amul Butter 500 g')).toBe('/inventory-by-city/c1?warehouse_id=w1&q=Amul+Butter+500+g');
  });
});

describe('CSV export', () => {
  it('quotes what needs quoting and keeps spreadsheet formulas as text', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"'],
          ['=SUM(A1)', -5],
          [null, true],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n\'=SUM(A1),-5\r\n,true\r\n');
  });

  it('sale-purchase totals: the server totals over the whole period when it sends them, else the sum of the page days to the paisa', () => {
    const report: SalePurchaseReport = {
      warehouse_id: 'w',
      warehouse_name: 'W',
      period: { start_date: '2024-01-01', end_date: '2024-01-02' },
      purchases: {
        '2024-01-02': {
          total: 0.2,
          total_quantity: 2,
          items: [{ _id: '1', created: 't', product_id: 'p', product_name: 'Rice', quantity: 2, unit_cost: 0.1, total_value: 0.2 }],
        },
        '2024-01-01': {
          total: 0.1,
          total_quantity: 1,
          items: [{ _id: '2', created: 't', product_id: 'p', product_name: 'Rice', quantity: 1, unit_cost: 0.1, total_value: 0.1 }],
        },
      },
      sales: {},
    };
    expect(totalsOf(report.purchases)).toEqual({ value: 0.3, quantity: 3, items: 2 });
    expect(totalsOf(report.purchases, { total: 12.5, total_quantity: 40, item_count: 25 })).toEqual({ value: 12.5, quantity: 40, items: 25 });
  });
});
