// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderScreens, stubDocuments } from './document-fixtures';
import { fakeScreenWidth } from './screen-width';

// A validation message can take over a second to render while the 2-core machine runs other tests.
beforeEach(() => fakeScreenWidth(390));
afterEach(cleanup);

const cards = () => within(screen.getByRole('list', { name: 'Lines' })).queryAllByRole('listitem');
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Opens a select and picks the option that says `option` (antd renders the list in a portal). */
async function pick(label: string, option: string) {
  const select = screen.getByRole('combobox', { name: label });
  fireEvent.mouseDown(select);
  const options = await screen.findAllByTitle(option);
  fireEvent.click(options.at(-1)!);
  await waitFor(() => expect(select.closest('.ant-select')?.textContent).toContain(option));
}

describe("a document's lines on a phone (390 px)", () => {
  it('are a card per line, with the same inputs, rules, figures and totals as the desktop table', async () => {
    const { dataProvider, calls } = stubDocuments();
    renderScreens('/test-orders/new', dataProvider);
    await screen.findByLabelText('Quantity (line 1)');
    // No table to scroll sideways: a card per line, its inputs labelled on screen as well.
    expect(screen.queryByRole('table', { name: 'Lines' })).toBeNull();
    expect(cards()).toHaveLength(1);
    expect(within(cards()[0]!).getByText('Quantity')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Add Line/ }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    type('Quantity (line 1)', '0');
    type('Unit Cost (line 1)', '12.5');
    type('Quantity (line 2)', '2');
    type('Unit Cost (line 2)', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // A line's rule speaks in its card.
    const problem = await screen.findByText('Quantity must be at least 1');
    expect(problem.closest('[role="listitem"]')).toBe(cards()[0]);
    expect(calls.created).toEqual([]);

    type('Quantity (line 1)', '3');
    await waitFor(() => expect(screen.getByTestId('total-amount').textContent).toBe('₹57.50'));
    expect(screen.getAllByTestId('line-amount').map((figure) => figure.textContent)).toEqual(['₹37.50', '₹20.00']);

    // Remove says which line, and says so on screen too.
    const remove = screen.getByRole('button', { name: 'Remove line 1' });
    expect(remove.textContent).toBe('Remove');
    fireEvent.click(remove);
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByTestId('total-amount').textContent).toBe('₹20.00');
    expect((screen.getByLabelText('Quantity (line 1)') as HTMLInputElement).value).toBe('2');

    await pick('Product (line 1)', 'Toor Dal 1 kg');
    await pick('Supplier', 'Acme Traders');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.created).toHaveLength(1));
    expect(calls.created[0]).toMatchObject({ supplier_id: 's1', lines: [{ product_id: 'p2', quantity: 2, unit_cost: 10 }] });
  });

  it('says there are no lines when the last is removed, and asks for one before sending', async () => {
    const { dataProvider, calls } = stubDocuments();
    renderScreens('/test-orders/new', dataProvider);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove line 1' }));
    await screen.findByText('No lines yet');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Add at least one line');
    expect(calls.created).toEqual([]);
  });
});
