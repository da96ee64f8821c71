import { ShoppingCartOutlined } from '@ant-design/icons';
import { Suspense } from 'react';
import { purchaseOrdersResource } from '../../domain/resources/purchase-orders';
import { ExpectedOn } from '../pages/purchase-orders/OverdueTag';
import { PrintButton } from '../pages/purchase-orders/PrintButton';
import { SellerDetails } from '../pages/purchase-orders/SellerDetails';
import { SellerLink } from '../pages/purchase-orders/SellerLink';
import { orderOf } from '../pages/purchase-orders/types';
import { retryableLazy } from '../routes/retryable-lazy';
import type { SpaPart } from '../declared/declared';
import { showOf } from '../declared/declared-show';
import { figureText } from '../declared/declared-values';
import { PRINT_PATH } from '../pages/purchase-orders/print-path';
import type { ApiRecord, ColumnDeclaration, SpaResource, ShowDeclaration, ShowLines } from './types';

// The dialogs load when a step is first opened: the record page does not carry them.
const ReceiveForm = retryableLazy(async () => ({ default: (await import('../pages/purchase-orders/ReceiveForm')).ReceiveForm }));
const ReturnForm = retryableLazy(async () => ({ default: (await import('../pages/purchase-orders/ReturnForm')).ReturnForm }));
// The GST split (a table) loads with the order's page: the registry, read by every screen, does not carry it.
const TaxSummary = retryableLazy(async () => ({ default: (await import('../pages/purchase-orders/TaxSummary')).TaxSummary }));

type Kind = 'money' | 'integer' | 'decimal';
const figure = (key: string, title: string, kind: Kind): ColumnDeclaration<ApiRecord> => ({
  key,
  title,
  align: 'right',
  render: (line) => figureText(line[key], kind),
});

/**
 * An order's lines on its page: what was ordered, received, returned and is still due, the unit cost, GST rate, HSN
 * code and amount (the costs left out where the API sends none), the units under them and the GST split below.
 */
const orderLines: ShowLines = {
  key: 'lines',
  title: 'Lines',
  columns: [
    { key: 'product_name', title: 'Product' },
    figure('quantity', 'Ordered', 'integer'),
    figure('received_quantity', 'Received', 'integer'),
    figure('returned_quantity', 'Returned', 'integer'),
    figure('due_quantity', 'Due', 'integer'),
    figure('unit_cost', 'Unit Cost', 'money'),
    figure('gst_rate', 'GST %', 'decimal'),
    { key: 'hsn_code', title: 'HSN', render: (line) => (line.hsn_code as string) || '—' },
    figure('amount', 'Amount', 'money'),
  ],
  totals: [{ key: 'units', label: 'Units ordered', text: (r) => figureText(r.units, 'integer') }],
  footer: ({ record }) => (
    <Suspense fallback={null}>
      <TaxSummary taxes={orderOf(record).taxes} />
    </Suspense>
  ),
};

const declared = showOf(purchaseOrdersResource);
const header: Record<string, ShowDeclaration['items'][number]['render']> = {
  seller_id: (r) => <SellerDetails record={r} />,
  expected_on: (r) => <ExpectedOn record={r} />,
};

/**
 * Purchase orders (issue 31): the declaration's list, form and page, with the overdue mark beside the expected day,
 * the seller's details, the lines with what is due and the GST split, Print, and the receive
 * and return dialogs in place of the steps' plain question.
 */
export default {
  icon: <ShoppingCartOutlined />,
  cells: {
    // The seller opens their page (their purchase orders), where the role may open users.
    seller_id: { render: (r) => <SellerLink id={orderOf(r).seller_id} name={orderOf(r).seller_name ?? '—'} /> },
    expected_on: { render: (r) => <ExpectedOn record={r} /> },
  },
  show: {
    ...declared,
    items: declared.items.map((item) => ({ ...item, render: header[item.key] ?? item.render })),
    lines: [orderLines],
    stepForms: { receive: ReceiveForm, return: ReturnForm },
    headerExtra: PrintButton,
  },
} satisfies SpaPart;

/** The printable purchase order: the order's page in another layout, for whoever may open the order. */
export const purchaseOrderPrint: SpaResource = {
  name: 'purchase-order-print',
  label: 'Print Purchase Order',
  routes: { show: PRINT_PATH },
  pages: { show: retryableLazy(() => import('../pages/purchase-orders/PurchaseOrderPrintPage')) },
  access: { show: { resource: 'purchase-orders', action: 'show' } },
};
