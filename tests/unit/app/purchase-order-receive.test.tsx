// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NOTHING_TO_RECEIVE, QUANTITY_MISSING } from '../../../src/app/pages/purchase-orders/step-lines.js';
import { ApiError } from '../../../src/app/providers/api-error.js';
import { dialog, fakeScreenWidth, line, order, renderOrders, stubPurchaseOrders, type StepAnswer } from './purchase-order-fixtures';

beforeEach(() => fakeScreenWidth(1440));
afterEach(cleanup);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const CURD = 'Fresh Curd 400 g';
const RICE = 'Basmati Rice 5 kg';

async function openReceive() {
  fireEvent.click(await screen.findByRole('button', { name: 'Receive' }));
  const d = await dialog();
  await within(d).findByLabelText(`Receive ${CURD}`);
  return d;
}
const box = (d: HTMLElement, label: string) => within(d).getByLabelText(label) as HTMLInputElement;
const type = (d: HTMLElement, label: string, value: string) => fireEvent.change(box(d, label), { target: { value } });
const send = (d: HTMLElement) => fireEvent.click(within(d).getByRole('button', { name: 'Receive' }));
/** The row (a table row, or a phone's card) holding an input. */
const rowOf = (input: HTMLElement) => input.closest('tr, [role="listitem"]') as HTMLElement;
function typeDay(input: HTMLElement, text: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  fireEvent.blur(input);
}

/** The API taking a receipt: received and due quantities moved by the body's lines. */
const receiving: StepAnswer = (call, row) => {
  const lines = (row.lines as Record<string, number | string>[]).map((l) => {
    const got = (call.body.lines as { product_id: string; quantity: number }[])
      .filter((b) => b.product_id === l.product_id)
      .reduce((s, b) => s + b.quantity, 0);
    return { ...l, received_quantity: Number(l.received_quantity) + got, due_quantity: Number(l.due_quantity) - got };
  });
  const history = [
    ...(row.history as object[]),
    {
      action: 'receive',
      changes: { status: [row.status, 'partially_received'] },
      note: call.body.note ?? '',
      user_id: 'u',
      user_name: 'Aarti Verma',
      at: '2026-11-25T06:00:00.000Z',
    },
  ];
  return { ...row, lines, status: 'partially_received', history };
};

describe('the receive dialog of a purchase order', () => {
  it('offers each line with something due, its quantity starting at what is due, and a batch and expiry only where the product tracks expiry', async () => {
    const { dataProvider } = stubPurchaseOrders([order()]);
    renderOrders('/purchase-orders/show/po1', dataProvider);
    const d = await openReceive();
    const rows = [...within(d).getByRole('table', { name: 'Lines to receive' }).querySelectorAll('tbody tr.ant-table-row')];
    // The dal is received in full: nothing of it is due.
    expect(rows.map((tr) => [...tr.querySelectorAll('td')].slice(0, 4).map((td) => td.textContent))).toEqual([
      [`${CURD}Batch & expiry`, '10', '0', '10'],
      [RICE, '5', '0', '5'],
    ]);
    expect(box(d, `Receive ${CURD}`).value).toBe('10');
    expect(box(d, `Receive ${RICE}`).value).toBe('5');
    expect(within(d).getByLabelText(`Batch number for ${CURD}`)).toBeTruthy();
    expect(within(d).getByLabelText(`Expiry date for ${CURD}`)).toBeTruthy();
    expect(within(d).queryByLabelText(`Batch number for ${RICE}`)).toBeNull();
    expect(rowOf(box(d, `Receive ${RICE}`)).textContent).toContain('—');
  });

  it('says what is wrong in the line before sending: more than is due, a blank, a missing batch or expiry, nothing at all', async () => {
    const { dataProvider, calls } = stubPurchaseOrders([order()]);
    renderOrders('/purchase-orders/show/po1', dataProvider);
    const d = await openReceive();
    type(d, `Receive ${RICE}`, '6');
    expect(await within(rowOf(box(d, `Receive ${RICE}`))).findByText('Only 5 due')).toBeTruthy();
    type(d, `Receive ${CURD}`, '');
    expect(await within(rowOf(box(d, `Receive ${CURD}`))).findByText(QUANTITY_MISSING)).toBeTruthy();
    send(d);
    await waitFor(() => expect(within(d).getAllByText(/Only 5 due|Enter a quantity/)).toHaveLength(2));

    type(d, `Receive ${RICE}`, '5');
    type(d, `Receive ${CURD}`, '3');
    send(d);
    const curdRow = rowOf(box(d, `Receive ${CURD}`));
    expect(await within(curdRow).findByText('Batch number is required')).toBeTruthy();
    expect(await within(curdRow).findByText('Expiry date is required')).toBeTruthy();
    // What was typed stays as typed.
    expect(box(d, `Receive ${CURD}`).value).toBe('3');

    type(d, `Receive ${CURD}`, '0');
    type(d, `Receive ${RICE}`, '0');
    await waitFor(() => expect(within(curdRow).queryByText('Batch number is required')).toBeNull());
    send(d);
    expect(await within(d).findByText(NOTHING_TO_RECEIVE)).toBeTruthy();
    expect(calls.steps).toEqual([]);
  });

  it('sends the lines above 0 (a 0 leaves one out) with the batch and the note, under a new Idempotency-Key, and shows the order as it is then', async () => {
    const { dataProvider, calls } = stubPurchaseOrders([order()], receiving);
    renderOrders('/purchase-orders/show/po1', dataProvider);
    const d = await openReceive();
    type(d, `Receive ${CURD}`, '4');
    fireEvent.change(box(d, `Batch number for ${CURD}`), { target: { value: 'B-2411-07' } });
    const expiry = dayjs().add(90, 'day');
    typeDay(box(d, `Expiry date for ${CURD}`), expiry.format('DD MMM YYYY'));
    type(d, `Receive ${RICE}`, '0');
    fireEvent.change(box(d, 'Notes'), { target: { value: 'First van' } });
    send(d);
    await waitFor(() => expect(calls.steps).toHaveLength(1));
    expect(calls.steps[0]).toMatchObject({
      url: 'POST /purchase-orders/po1/receive',
      body: {
        lines: [{ product_id: 'p-curd', quantity: 4, batch_no: 'B-2411-07', expiry_date: expiry.format('YYYY-MM-DD') }],
        note: 'First van',
        notes: 'First van',
      },
    });
    expect(calls.steps[0]!.key).toMatch(UUID);
    await screen.findByText('Purchase order received');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByText('Partially received', { selector: '.ant-descriptions-item-content .ant-tag' });
    const lines = screen.getByRole('table', { name: 'Lines' });
    // Ordered, received, returned, due of the curd.
    expect([...lines.querySelectorAll('tbody tr.ant-table-row')[0]!.querySelectorAll('td')].slice(2, 6).map((td) => td.textContent)).toEqual([
      '10',
      '4',
      '0',
      '6',
    ]);
    expect(screen.getAllByTestId('history-entry').at(-1)!.textContent).toContain('First van');
  });

  it("puts the API's refusal of a line in that line's cell (the body's index is not the dialog's), keeps what was typed, and repeats a submission under its key", async () => {
    const refuse: StepAnswer = (call) => {
      const first = (call.body.lines as { product_id: string }[])[0]!;
      return new ApiError('Only 1 due', 400, 'server', { [`lines.0.quantity`]: first.product_id === 'p-rice' ? 'Only 1 due' : 'Wrong line' });
    };
    const { dataProvider, calls } = stubPurchaseOrders([order()], refuse);
    renderOrders('/purchase-orders/show/po1', dataProvider);
    let d = await openReceive();
    type(d, `Receive ${CURD}`, '0');
    type(d, `Receive ${RICE}`, '2');
    send(d);
    expect(await within(rowOf(box(d, `Receive ${RICE}`))).findByText('Only 1 due')).toBeTruthy();
    expect(within(rowOf(box(d, `Receive ${CURD}`))).queryByText('Only 1 due')).toBeNull();
    expect(box(d, `Receive ${RICE}`).value).toBe('2');
    expect(screen.getByRole('dialog')).toBeTruthy();

    // The same body again (a retry) is the same submission; another body is a new one.
    send(d);
    await waitFor(() => expect(calls.steps).toHaveLength(2));
    expect(calls.steps[1]!.key).toBe(calls.steps[0]!.key);
    type(d, `Receive ${RICE}`, '1');
    send(d);
    await waitFor(() => expect(calls.steps).toHaveLength(3));
    expect(calls.steps[2]!.key).not.toBe(calls.steps[0]!.key);

    // Back, and open again: a new submission, starting from what is due.
    fireEvent.click(within(d).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    d = await openReceive();
    expect(box(d, `Receive ${RICE}`).value).toBe('5');
    type(d, `Receive ${CURD}`, '0');
    type(d, `Receive ${RICE}`, '1');
    send(d);
    await waitFor(() => expect(calls.steps).toHaveLength(4));
    expect(calls.steps[3]!.body).toEqual(calls.steps[2]!.body);
    expect(calls.steps[3]!.key).not.toBe(calls.steps[2]!.key);
  });

  it('says a refusal naming no line (the order moved meanwhile) above the lines', async () => {
    const { dataProvider } = stubPurchaseOrders([order()], () => new ApiError("This purchase order is closed: 'Receive' is not possible", 409, 'server'));
    renderOrders('/purchase-orders/show/po1', dataProvider);
    const d = await openReceive();
    type(d, `Receive ${CURD}`, '0');
    send(d);
    expect((await within(d).findByRole('alert')).textContent).toContain("This purchase order is closed: 'Receive' is not possible");
  });

  it('receives an already expired batch only once the person says so', async () => {
    const { dataProvider, calls } = stubPurchaseOrders([order()], receiving);
    renderOrders('/purchase-orders/show/po1', dataProvider);
    const d = await openReceive();
    type(d, `Receive ${RICE}`, '0');
    fireEvent.change(box(d, `Batch number for ${CURD}`), { target: { value: 'B-OLD-1' } });
    const expiry = dayjs().subtract(5, 'day');
    typeDay(box(d, `Expiry date for ${CURD}`), expiry.format('DD MMM YYYY'));
    expect(await within(d).findByText(/Expiry date has already passed/)).toBeTruthy();
    send(d);
    const confirm = (await screen.findAllByText('Batch B-OLD-1 is past its expiry date'))[0]!.closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Receive expired stock' }));
    await waitFor(() => expect(calls.steps).toHaveLength(1));
    expect(calls.steps[0]!.body).toEqual({
      lines: [{ product_id: 'p-curd', quantity: 10, batch_no: 'B-OLD-1', expiry_date: expiry.format('YYYY-MM-DD'), confirm_expired: true }],
    });
  });

  it('on a phone gives each line a card, its inputs under its figures', async () => {
    fakeScreenWidth(390);
    const { dataProvider } = stubPurchaseOrders([order({ lines: [line('l1', 'curd', { quantity: 10, received: 4 }), line('l2', 'rice', { quantity: 5 })] })]);
    renderOrders('/purchase-orders/show/po1', dataProvider);
    const d = await openReceive();
    const cards = within(d).getAllByRole('listitem');
    expect(cards.map((c) => c.querySelector('.ant-card-head')?.textContent)).toEqual([`${CURD}Batch & expiry`, RICE]);
    expect(cards[0]!.textContent).toContain('Ordered 10 · Received 4 · Due 6');
    expect(within(cards[0]!).getByLabelText(`Batch number for ${CURD}`)).toBeTruthy();
    // No batch to type for rice: nothing said about one either.
    expect(within(cards[1]!).queryByText('Batch Number')).toBeNull();
    expect(box(d, `Receive ${CURD}`).value).toBe('6');
  });
});
