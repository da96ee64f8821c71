// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EARLIEST_EXPIRY_FIRST } from '../../../src/app/pages/purchase-orders/ReturnBatchSelect.js';
import { NOTHING_TO_RETURN } from '../../../src/app/pages/purchase-orders/step-lines.js';
import { ApiError } from '../../../src/app/providers/api-error.js';
import { dialog, fakeScreenWidth, line, order, renderOrders, stubPurchaseOrders, type StepAnswer } from './purchase-order-fixtures';

beforeEach(() => fakeScreenWidth(1440));
afterEach(cleanup);

const CURD = 'Fresh Curd 400 g';
const DAL = 'Toor Dal 1 kg';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Received in full: 2 curds already went back, every rice did, no dal yet. */
const received = () =>
  order({
    status: 'received',
    lines: [
      line('l1', 'curd', { quantity: 10, received: 10, returned: 2 }),
      line('l2', 'rice', { quantity: 5, received: 5, returned: 5 }),
      line('l3', 'dal', { quantity: 4, received: 4 }),
    ],
  });

async function openReturn() {
  fireEvent.click(await screen.findByRole('button', { name: 'Return to Seller' }));
  const d = await dialog();
  await within(d).findByLabelText(`Return ${CURD}`);
  return d;
}
const box = (d: HTMLElement, label: string) => within(d).getByLabelText(label) as HTMLInputElement;
const type = (d: HTMLElement, label: string, value: string) => fireEvent.change(box(d, label), { target: { value } });
const send = (d: HTMLElement) => fireEvent.click(within(d).getByRole('button', { name: 'Return to Seller' }));
const rowOf = (input: HTMLElement) => input.closest('tr') as HTMLElement;
const batchSelect = (d: HTMLElement) => within(d).getByRole('combobox', { name: `Batch of ${CURD}` });

async function pickBatch(d: HTMLElement, option: RegExp) {
  fireEvent.mouseDown(batchSelect(d));
  const choice = await screen.findByText(option, { selector: '.ant-select-item-option-content' });
  fireEvent.click(choice);
  await waitFor(() => expect(rowOf(batchSelect(d)).querySelector('.ant-select-selection-item')?.textContent).toMatch(option));
}

describe('the return dialog of a purchase order', () => {
  it('offers each line with units received and not yet returned, nothing to return until typed, and the batches that hold stock', async () => {
    const { dataProvider } = stubPurchaseOrders([received()]);
    renderOrders('/purchase-orders/show/po1', dataProvider);
    const d = await openReturn();
    const rows = [...within(d).getByRole('table', { name: 'Lines to return' }).querySelectorAll('tbody tr.ant-table-row')];
    expect(rows.map((tr) => [...tr.querySelectorAll('td')].slice(0, 4).map((td) => td.textContent))).toEqual([
      [CURD, '10', '2', '8'],
      [DAL, '4', '0', '4'],
    ]);
    expect(box(d, `Return ${CURD}`).value).toBe('0');
    expect(box(d, `Return ${DAL}`).value).toBe('0');
    // The curd tracks expiry: from the earliest expiry unless a batch is picked; the dal has no batches.
    expect(rowOf(batchSelect(d)).querySelector('.ant-select-selection-item')?.textContent).toBe(EARLIEST_EXPIRY_FIRST);
    expect(within(d).queryByRole('combobox', { name: `Batch of ${DAL}` })).toBeNull();
    fireEvent.mouseDown(batchSelect(d));
    await screen.findByText(/^B-101 · 7 units/, { selector: '.ant-select-item-option-content' });
    const offered = [...document.querySelectorAll('.ant-select-item-option-content')].map((o) => o.textContent);
    expect(offered).toEqual([EARLIEST_EXPIRY_FIRST, 'B-101 · 7 units · Expires in 10 days', 'B-102 · 12 units · Expires in 56 days']);
  });

  it('needs a reason and no more than may go back, and something to return, before sending', async () => {
    const { dataProvider, calls } = stubPurchaseOrders([received()]);
    renderOrders('/purchase-orders/show/po1', dataProvider);
    const d = await openReturn();
    send(d);
    expect(await within(d).findByText('Say why: a note is required to return to seller')).toBeTruthy();
    type(d, `Return ${DAL}`, '5');
    expect(await within(rowOf(box(d, `Return ${DAL}`))).findByText('Only 4 can be returned')).toBeTruthy();
    type(d, `Return ${CURD}`, '-1');
    expect(await within(rowOf(box(d, `Return ${CURD}`))).findByText('Quantity must be a whole number, 0 or more')).toBeTruthy();
    expect(box(d, `Return ${CURD}`).value).toBe('-1');
    type(d, `Return ${CURD}`, '0');
    type(d, `Return ${DAL}`, '0');
    fireEvent.change(box(d, 'Note'), { target: { value: 'Damaged' } });
    send(d);
    expect(await within(d).findByText(NOTHING_TO_RETURN)).toBeTruthy();
    expect(calls.steps).toEqual([]);
  });

  it('sends what goes back, from the batch picked or none (earliest expiry first), with the note, and puts a refusal in its line', async () => {
    const refuse: StepAnswer = () => new ApiError('Not enough stock in batch B-101', 400, 'server', { 'lines.0.batch_no': 'Not enough stock in batch B-101' });
    const { dataProvider, calls } = stubPurchaseOrders([received()], refuse);
    renderOrders('/purchase-orders/show/po1', dataProvider);
    const d = await openReturn();
    type(d, `Return ${CURD}`, '1');
    type(d, `Return ${DAL}`, '2');
    await pickBatch(d, /^B-101/);
    fireEvent.change(box(d, 'Note'), { target: { value: 'Damaged' } });
    send(d);
    await waitFor(() => expect(calls.steps).toHaveLength(1));
    expect(calls.steps[0]).toMatchObject({
      url: 'POST /purchase-orders/po1/return',
      body: {
        lines: [
          { product_id: 'p-curd', quantity: 1, batch_no: 'B-101' },
          { product_id: 'p-dal', quantity: 2 },
        ],
        note: 'Damaged',
        notes: 'Damaged',
      },
    });
    expect(calls.steps[0]!.key).toMatch(UUID);
    expect(await within(rowOf(batchSelect(d))).findByText('Not enough stock in batch B-101')).toBeTruthy();
    expect(box(d, 'Note').value).toBe('Damaged');

    await pickBatch(d, new RegExp(`^${EARLIEST_EXPIRY_FIRST}$`));
    send(d);
    await waitFor(() => expect(calls.steps).toHaveLength(2));
    expect((calls.steps[1]!.body.lines as object[])[0]).toEqual({ product_id: 'p-curd', quantity: 1 });
    expect(calls.steps[1]!.key).not.toBe(calls.steps[0]!.key);
  });

  it('closes once the units are back, and the page shows what was returned', async () => {
    const accept: StepAnswer = (call, row) => ({
      ...row,
      lines: (row.lines as Record<string, unknown>[]).map((l) => (l.product_id === 'p-dal' ? { ...l, returned_quantity: 2 } : l)),
    });
    const { dataProvider, calls } = stubPurchaseOrders([received()], accept);
    renderOrders('/purchase-orders/show/po1', dataProvider);
    const d = await openReturn();
    type(d, `Return ${DAL}`, '2');
    fireEvent.change(box(d, 'Note'), { target: { value: 'Crushed case' } });
    send(d);
    await screen.findByText('Purchase order returned to seller');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.steps).toHaveLength(1);
    const dal = screen.getByRole('table', { name: 'Lines' }).querySelectorAll('tbody tr.ant-table-row')[2]!;
    await waitFor(() => expect([...dal.querySelectorAll('td')].slice(2, 5).map((td) => td.textContent)).toEqual(['4', '4', '2']));
  });
});
