// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { DAY_VALUE, INSTANT_VALUE } from '../../../src/app/crud/form/date-values.js';
import { ApiError } from '../../../src/app/providers/api-error.js';
import type { DeclaredFormDeclaration } from '../../../src/app/resources/types.js';
import { fakeMatchMedia, location, order, orders, renderScreens, stubDocuments, suppliers } from './document-fixtures';

// A validation message can take over a second to render while the 2-core machine runs other tests.
beforeAll(fakeMatchMedia);
afterEach(cleanup);

const rows = () => [...document.querySelectorAll('table[aria-label="Lines"] tbody tr.ant-table-row')] as HTMLElement[];
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Opens a select and picks the option that says `option` (antd renders the list in a portal). */
async function pick(label: string, option: string) {
  const select = screen.getByRole('combobox', { name: label });
  fireEvent.mouseDown(select);
  const options = await screen.findAllByTitle(option);
  fireEvent.click(options.at(-1)!);
  await waitFor(() => expect(select.closest('.ant-select')?.textContent).toContain(option));
}

/** Types a day into a picker as a person would, then leaves it. */
function typeDay(label: string, text: string) {
  const input = screen.getByLabelText(label);
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  fireEvent.blur(input);
}

describe("a document's form: lines, read-only status and number, a day", () => {
  it('edits the lines as a table: rows added and removed, amounts and the total live, at least one line before sending', async () => {
    const { dataProvider, calls } = stubDocuments();
    renderScreens('/test-orders/new', dataProvider);
    await screen.findByRole('heading', { name: 'Add Test Order' });
    // The status and the number are the server's: no input for them.
    expect(screen.queryByLabelText('Status')).toBeNull();
    expect(screen.queryByLabelText('Number')).toBeNull();
    // The declared min: one empty line to fill in.
    expect(rows()).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Remove line 1' }));
    await waitFor(() => expect(rows()).toHaveLength(0));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Add at least one line');
    expect(calls.created).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: /Add Line/ }));
    fireEvent.click(screen.getByRole('button', { name: /Add Line/ }));
    await screen.findByLabelText('Quantity (line 2)');
    await waitFor(() => expect(screen.queryByText('Add at least one line')).toBeNull());
    type('Quantity (line 1)', '3');
    type('Unit Cost (line 1)', '12.5');
    type('Quantity (line 2)', '2');
    type('Unit Cost (line 2)', '10');
    await waitFor(() => expect(screen.getByTestId('total-amount').textContent).toBe('₹57.50'));
    expect(screen.getAllByTestId('line-amount').map((cell) => cell.textContent)).toEqual(['₹37.50', '₹20.00']);

    fireEvent.click(screen.getByRole('button', { name: 'Remove line 1' }));
    await waitFor(() => expect(screen.getByTestId('total-amount').textContent).toBe('₹20.00'));
    expect((screen.getByLabelText('Quantity (line 1)') as HTMLInputElement).value).toBe('2');
    // Typing into antd inputs in jsdom: a few seconds alone, over 30 s on two loaded cores.
  }, 90_000);

  it('checks each line by its own rules in its cell, and sends the picked, typed and dated values; then shows the document', async () => {
    const { dataProvider, calls } = stubDocuments();
    renderScreens('/test-orders/new', dataProvider);
    await screen.findByLabelText('Quantity (line 1)');
    type('Quantity (line 1)', '0');
    type('Unit Cost (line 1)', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const problem = await screen.findByText('Quantity must be at least 1');
    expect(problem.closest('tr')).toBe(rows()[0]);
    expect(calls.created).toEqual([]);

    type('Quantity (line 1)', '2');
    await pick('Product (line 1)', 'Toor Dal 1 kg');
    await pick('Supplier', 'Acme Traders');
    typeDay('Expected On', '24 Nov 2026');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.created).toHaveLength(1));
    expect(calls.created[0]).toEqual({ supplier_id: 's1', expected_on: '2026-11-24', lines: [{ product_id: 'p2', quantity: 2, unit_cost: 10 }] });
    // A document is shown once saved.
    await waitFor(() => expect(location()).toBe('/test-orders/o-new'));
  });

  it("puts the API's error on a line's field ('lines.1.quantity') in that line's cell, not in the box", async () => {
    const { dataProvider, calls } = stubDocuments({ orders: [order('o1', 'draft')] });
    dataProvider.update = async () => {
      throw new ApiError('Only 2 left with this supplier', 400, 'server', { 'lines.1.quantity': 'Only 2 left with this supplier' });
    };
    renderScreens('/test-orders/o1/edit', dataProvider);
    await waitFor(() => expect((screen.getByLabelText('Quantity (line 2)') as HTMLInputElement).value).toBe('3'));
    expect(calls.updated).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    const problem = await screen.findByText('Only 2 left with this supplier');
    expect(problem.closest('tr')).toBe(rows()[1]);
    expect(within(rows()[1]!).getByLabelText('Quantity (line 2)').closest('.ant-form-item')?.className).toContain('has-error');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('loads a draft with its lines and day, and sends back only the fields a body takes', async () => {
    const { dataProvider, calls } = stubDocuments({ orders: [order('o1', 'draft')] });
    renderScreens('/test-orders/o1/edit', dataProvider);
    await waitFor(() => expect((screen.getByLabelText('Expected On') as HTMLInputElement).value).toBe('24 Nov 2026'));
    expect(screen.getByTestId('total-amount').textContent).toBe('₹1,261.50');
    type('Quantity (line 1)', '4');
    await waitFor(() => expect(screen.getByTestId('total-amount').textContent).toBe('₹2,161.50'));
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(calls.updated).toHaveLength(1));
    expect(calls.updated[0]).toEqual({
      id: 'o1',
      supplier_id: 's1',
      expected_on: '2026-11-24',
      freight: 110,
      confirmed_at: '2026-11-25T04:30:00.000Z',
      lines: [
        { product_id: 'p1', quantity: 4, unit_cost: 450 },
        { product_id: 'p2', quantity: 3, unit_cost: 120.5 },
      ],
    });
    await waitFor(() => expect(location()).toBe('/test-orders/o1'));
  });

  it('says a document its status no longer lets change cannot be edited, instead of a form', async () => {
    const { dataProvider } = stubDocuments({ orders: [order('o1', 'submitted')] });
    renderScreens('/test-orders/o1/edit', dataProvider);
    await screen.findByText('This test order is submitted: it can no longer be changed');
    expect(screen.queryByLabelText('Quantity (line 1)')).toBeNull();
  });
});

describe("a document's declaration on the SPA (fromSpec)", () => {
  const form = orders.form as DeclaredFormDeclaration;
  const input = (name: string) => form.fields.find((f) => f.name === name);

  it('gives each kind its input, leaves out what the server sets, and starts with the least number of lines', () => {
    expect(form.fields.map((f) => [f.name, f.input])).toEqual([
      ['supplier_id', 'select'],
      ['expected_on', 'date'],
      ['freight', 'number'],
      ['confirmed_at', 'datetime'],
      ['lines', 'lines'],
    ]);
    expect(input('lines')?.lines).toMatchObject({
      itemLabel: 'Line',
      min: 1,
      totals: [{ key: 'amount', label: 'Amount', of: ['quantity', 'unit_cost'], kind: 'money' }],
    });
    expect(input('lines')?.lines?.fields.map((f) => [f.name, f.input, f.integer ?? false])).toEqual([
      ['product_id', 'select', false],
      ['quantity', 'number', true],
      ['unit_cost', 'number', false],
    ]);
    expect(form.initialValues).toEqual({ lines: [{}] });
    const supplierForm = suppliers.form as DeclaredFormDeclaration;
    expect(supplierForm.fields.map((f) => [f.name, f.input])).toEqual([
      ['name', undefined],
      ['email', 'email'],
      ['phone', 'tel'],
    ]);
  });

  it("keeps a day as 'YYYY-MM-DD' and an instant as ISO text read on India's clock, whatever the browser's zone", () => {
    expect(DAY_VALUE.normalize!(dayjs('2026-11-24T00:00:00'), undefined, {})).toBe('2026-11-24');
    expect((DAY_VALUE.getValueProps!('2026-11-24').value as dayjs.Dayjs).format('DD MMM YYYY')).toBe('24 Nov 2026');
    expect(INSTANT_VALUE.normalize!(dayjs('2026-11-25T10:00:00'), undefined, {})).toBe('2026-11-25T04:30:00.000Z');
    expect((INSTANT_VALUE.getValueProps!('2026-11-25T04:30:00.000Z').value as dayjs.Dayjs).format('DD MMM YYYY, HH:mm')).toBe('25 Nov 2026, 10:00');
    expect(DAY_VALUE.normalize!(null, undefined, {})).toBeUndefined();
  });

  it("lists a day by a period in its header, and a document's lines by their count and total", () => {
    const columns = orders.list!.columns;
    expect(columns.find((c) => c.key === 'expected_on')?.filter).toEqual({ options: 'range' });
    expect(columns.map((c) => c.key)).toEqual(['number', 'supplier_id', 'expected_on', 'status', 'lines_count', 'amount']);
    expect(orders.list!.editable!({ status: 'draft' })).toBe(true);
    expect(orders.list!.editable!({ status: 'submitted' })).toBe(false);
    expect(orders.routes).toMatchObject({ show: '/test-orders/:id' });
  });
});
