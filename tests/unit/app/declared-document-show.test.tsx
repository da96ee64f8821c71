// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeMatchMedia, location, order, renderScreens, stubDocuments } from './document-fixtures';

beforeAll(fakeMatchMedia);
afterEach(cleanup);

const buttonNames = () => [...document.querySelectorAll('.ant-page-header-heading-extra button')].map((b) => b.textContent?.trim());
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("a document's page", () => {
  it('shows the header fields by their labels, the status as a tag, the lines with their amounts and the total', async () => {
    const { dataProvider } = stubDocuments({ orders: [order('o1', 'draft')] });
    renderScreens('/test-orders/o1', dataProvider);
    await screen.findByRole('heading', { name: 'Test Order TO-2026-00001' });
    const field = (label: string) => screen.getByText(label, { selector: '.ant-descriptions-item-label' }).nextElementSibling?.textContent;
    expect(field('Number')).toBe('TO-2026-00001');
    expect(field('Supplier')).toBe('Acme Traders');
    expect(field('Expected On')).toBe('24 Nov 2026');
    expect(field('Freight')).toBe('₹110.00');
    expect(field('Confirmed At')).toBe('25 Nov 2026, 10:00');
    expect(field('Status')).toBe('Draft');
    const lines = screen.getByRole('table', { name: 'Lines' });
    expect([...lines.querySelectorAll('tbody tr.ant-table-row')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['1', 'Basmati Rice 5 kg', '2', '₹450.00', '₹900.00'],
      ['2', 'Toor Dal 1 kg', '3', '₹120.50', '₹361.50'],
    ]);
    expect(screen.getByTestId('total-amount').textContent).toBe('₹1,261.50');
  });

  it('offers the steps the status allows and the role holds, and Edit and Delete only while it is editable', async () => {
    const draft = stubDocuments({ orders: [order('o1', 'draft')] });
    renderScreens('/test-orders/o1', draft.dataProvider);
    await screen.findByRole('button', { name: /Edit/ });
    await waitFor(() => expect(buttonNames()).toEqual(['Submit', 'Cancel Order', 'Edit', 'Delete']));
    cleanup();

    const submitted = stubDocuments({ orders: [order('o2', 'submitted')] });
    renderScreens('/test-orders/o2', submitted.dataProvider, ['test-orders:cancel']);
    await screen.findByRole('button', { name: 'Receive' });
    expect(screen.getByText('Submitted', { selector: '.ant-tag' }).className).toContain('ant-tag-blue');
    expect(buttonNames()).toEqual(['Receive']);
  });

  it("asks a step's question, sends it with an Idempotency-Key, and shows the record as the API now has it", async () => {
    const { dataProvider, calls } = stubDocuments({ orders: [order('o1', 'draft')] });
    renderScreens('/test-orders/o1', dataProvider);
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Submit this order to the supplier?')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Note')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.steps).toHaveLength(1));
    expect(calls.steps[0]).toMatchObject({ url: 'POST /test-orders/o1/submit', body: {} });
    expect(calls.steps[0]!.key).toMatch(UUID);
    await screen.findByText('Submitted', { selector: '.ant-descriptions-item-content .ant-tag' });
    await waitFor(() => expect(buttonNames()).toEqual(['Receive', 'Cancel Order']));
  });

  it('asks for an optional note, and needs a required one before sending the step', async () => {
    const { dataProvider, calls } = stubDocuments({ orders: [order('o1', 'submitted')] });
    renderScreens('/test-orders/o1', dataProvider);
    fireEvent.click(await screen.findByRole('button', { name: 'Receive' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Note (optional)')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));

    fireEvent.click(screen.getByRole('button', { name: 'Cancel Order' }));
    dialog = (await screen.findByText('Cancel this order?')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Order' }));
    await within(dialog).findByText('Say why: a note is required to cancel order');
    expect(calls.steps).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'Supplier out of stock' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Order' }));
    await waitFor(() => expect(calls.steps).toHaveLength(1));
    expect(calls.steps[0]).toMatchObject({ url: 'POST /test-orders/o1/cancel', body: { note: 'Supplier out of stock' } });
    await screen.findByText('Cancelled', { selector: '.ant-descriptions-item-content .ant-tag' });
    expect(buttonNames()).toEqual([]);
  });

  it('shows a refused step (409) above the page, and a new submission sends a new key', async () => {
    const { dataProvider, calls, data } = stubDocuments({ orders: [order('o1', 'draft')] });
    renderScreens('/test-orders/o1', dataProvider);
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    // Someone else submitted it meanwhile.
    data['test-orders']![0]!.status = 'submitted';
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit' }));
    await screen.findByText("This test order is submitted: 'submit' is not possible");
    await waitFor(() => expect(buttonNames()).toEqual(['Receive', 'Cancel Order']));
    fireEvent.click(screen.getByRole('button', { name: 'Receive' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Receive' }));
    await waitFor(() => expect(calls.steps).toHaveLength(2));
    expect(calls.steps[1]!.key).toMatch(UUID);
    expect(calls.steps[1]!.key).not.toBe(calls.steps[0]!.key);
  });

  it('tells the history oldest first: what, who and when, the note, and each changed field in words', async () => {
    const history = [
      { action: 'created', changes: null, note: '', user_id: 'u1', user_name: 'Admin User', at: '2026-11-24T08:35:00.000Z' },
      {
        action: 'updated',
        changes: { freight: [120, 110], expected_on: ['2026-11-24', '2026-11-30'] },
        note: '',
        user_id: 'u1',
        user_name: 'Admin User',
        at: '2026-11-24T09:00:00.000Z',
      },
      {
        action: 'submit',
        changes: { status: ['draft', 'submitted'] },
        note: 'Agreed on the phone',
        user_id: 'u2',
        user_name: 'Priya Shah',
        at: '2026-11-25T04:30:00.000Z',
      },
    ];
    const { dataProvider } = stubDocuments({ orders: [order('o1', 'submitted', { history })] });
    renderScreens('/test-orders/o1', dataProvider);
    await screen.findByRole('heading', { name: 'Test Order TO-2026-00001' });
    const entries = screen.getAllByTestId('history-entry').map((entry) => [...entry.children].map((line) => line.textContent));
    expect(entries).toEqual([
      ['Created · Admin User · 24 Nov 2026, 14:05'],
      ['Updated · Admin User · 24 Nov 2026, 14:30', 'Freight ₹120.00 → ₹110.00', 'Expected On 24 Nov 2026 → 30 Nov 2026'],
      ['Submitted · Priya Shah · 25 Nov 2026, 10:00', 'Agreed on the phone', 'Status Draft → Submitted'],
    ]);
  });
});

describe("a document's list", () => {
  const orders = [order('o1', 'draft'), order('o2', 'submitted', { expected_on: '2026-12-05', supplier_id: 's2', supplier: 'Bharat Foods' })];

  it('shows a day as the reports do, the status as its tag, the lines and their total; a row opens its page; Edit and Delete only while editable', async () => {
    const { dataProvider } = stubDocuments({ orders });
    renderScreens('/test-orders', dataProvider);
    await screen.findByText('TO-2026-00002');
    const headers = [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent);
    expect(headers).toEqual(['Number', 'Supplier', 'Expected', 'Status', 'Lines', 'Amount', 'Actions']);
    const [draft, submitted] = [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')] as HTMLElement[];
    expect([...submitted!.querySelectorAll('td')].slice(0, 6).map((td) => td.textContent)).toEqual([
      'TO-2026-00002',
      'Bharat Foods',
      '05 Dec 2026',
      'Submitted',
      '2',
      '₹1,261.50',
    ]);
    expect(within(submitted!).getByText('Submitted').className).toContain('ant-tag-blue');
    await within(draft!).findByRole('button', { name: /Edit/ });
    expect(within(draft!).getByRole('button', { name: /Delete/ })).toBeTruthy();
    expect(within(submitted!).queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
    fireEvent.click(within(submitted!).getByRole('link', { name: 'TO-2026-00002' }));
    await screen.findByRole('heading', { name: 'Test Order TO-2026-00002' });
    expect(location()).toBe('/test-orders/o2');
  });

  it('filters a day by a period picked in its column header, written to the URL as <field>_from and <field>_to', async () => {
    const { dataProvider, calls } = stubDocuments({ orders });
    renderScreens('/test-orders', dataProvider);
    await screen.findByText('TO-2026-00002');
    const header = screen.getByRole('columnheader', { name: /Expected/ });
    fireEvent.click(header.querySelector('.ant-table-filter-trigger')!);
    const [from, to] = (await screen.findAllByPlaceholderText(/^(From|To)$/)) as HTMLInputElement[];
    for (const [input, text] of [
      [from!, '01 Dec 2026'],
      [to!, '31 Dec 2026'],
    ] as const) {
      fireEvent.mouseDown(input);
      fireEvent.focus(input);
      fireEvent.change(input, { target: { value: text } });
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    }
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(location()).toBe('/test-orders?expected_on_from=2026-12-01&expected_on_to=2026-12-31'));
    await waitFor(() => expect(screen.queryByText('TO-2026-00001')).toBeNull());
    expect(calls.list.at(-1)).toEqual({ resource: 'test-orders', filters: { expected_on_from: '2026-12-01', expected_on_to: '2026-12-31' } });
  });
});

describe("a record's related list", () => {
  it("lists the other resource's records pointing at this one, a page at a time, each linked to its page", async () => {
    const many = Array.from({ length: 7 }, (_, i) => order(`o${i + 1}`, 'draft'));
    const { dataProvider, calls } = stubDocuments({ orders: [...many, order('o9', 'draft', { supplier_id: 's2', supplier: 'Bharat Foods' })] });
    renderScreens('/test-suppliers/s1', dataProvider);
    await screen.findByRole('heading', { name: 'Test Supplier Acme Traders' });
    const table = await screen.findByRole('table', { name: 'Orders' });
    await within(table).findByText('TO-2026-00001');
    expect(calls.list.find((c) => c.resource === 'test-orders')?.filters).toEqual({ supplier_id: 's1' });
    // The column naming the supplier says nothing here.
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Number', 'Expected', 'Status', 'Lines', 'Amount']);
    expect(
      within(table)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/test-orders/o1', '/test-orders/o2', '/test-orders/o3', '/test-orders/o4', '/test-orders/o5']);
    fireEvent.click(
      within(table.closest('.ant-card') as HTMLElement)
        .getByTitle('Next Page')
        .querySelector('button')!,
    );
    await within(table).findByText('TO-2026-00007');
    expect(within(table).queryByText('TO-2026-00009')).toBeNull();
  });
});
