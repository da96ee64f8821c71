import { formatINR } from '../../../domain/money';
import { formatDate, formatDateTime } from '../../crud/cells';
import { supplyText, taxTotals } from './TaxSummary';
import type { OrderLine, PurchaseOrder } from './types';
import type { Seller, Warehouse } from './use-parties';

type Props = { order: PurchaseOrder; business: string; seller: Seller; warehouse: Warehouse; statusLabel: string };

const qty = (n: number) => n.toLocaleString('en-IN');
const rate = (n: number) => `${n.toLocaleString('en-IN', { maximumFractionDigits: 2 })}%`;

/** When it was sent to the seller: the 'Place Order' step in its history, else when it was drafted. */
const orderedAt = (order: PurchaseOrder) => order.history?.find((h) => h.action === 'order')?.at ?? order.created;

function Address({ lines }: { lines: (string | undefined)[] }) {
  return (
    <>
      {lines.filter(Boolean).map((line) => (
        <div key={line}>{line}</div>
      ))}
    </>
  );
}

/**
 * The purchase order as sent to the seller, on one A4 sheet: the business, the order's number and days, the seller and
 * the warehouse, the lines with their HSN codes, and the GST split and totals. Prices appear only where the API sent
 * them: a role without 'costs: see' prints quantities only.
 */
export function PurchaseOrderSheet({ order, business, seller, warehouse, statusLabel }: Props) {
  const priced = order.lines.some((l) => l.unit_cost !== undefined);
  const taxes = order.taxes;
  return (
    <article className="po-sheet" aria-label="Printable purchase order">
      <div className="po-head">
        <div>
          <h1>{business}</h1>
        </div>
        <div>
          <h2>Purchase Order</h2>
          <dl>
            <dt>Number</dt>
            <dd data-testid="print-number">{order.number}</dd>
            <dt>Date</dt>
            <dd>{formatDate(orderedAt(order)) || formatDateTime(order.created)}</dd>
            <dt>Expected by</dt>
            <dd>{formatDate(order.expected_on)}</dd>
            {order.status === 'draft' && (
              <>
                <dt>Status</dt>
                <dd>{statusLabel}: not yet placed</dd>
              </>
            )}
          </dl>
        </div>
      </div>
      <div className="po-parties">
        <section aria-label="Seller">
          <h3>Seller</h3>
          <strong>{seller.name}</strong>
          <Address lines={[seller.address, seller.city, seller.phone && `Phone ${seller.phone}`, seller.gst && `GSTIN ${seller.gst}`]} />
        </section>
        <section aria-label="Deliver to">
          <h3>Deliver to</h3>
          <strong>{warehouse.name}</strong>
          <Address
            lines={[warehouse.address, warehouse.city, warehouse.contact && `Contact ${warehouse.contact}`, warehouse.phone && `Phone ${warehouse.phone}`]}
          />
        </section>
      </div>
      <div className="po-scroll">
        <table aria-label="Order lines">
          <thead>
            <tr>
              <th>#</th>
              <th>Product</th>
              <th>HSN</th>
              <th className="num">Quantity</th>
              {priced && <th className="num">Unit cost</th>}
              <th className="num">GST %</th>
              {priced && <th className="num">Amount</th>}
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line: OrderLine, i) => (
              <tr key={line._id}>
                <td>{i + 1}</td>
                <td>{line.product_name}</td>
                <td>{line.hsn_code || '—'}</td>
                <td className="num">{qty(line.quantity)}</td>
                {priced && <td className="num">{formatINR(line.unit_cost)}</td>}
                <td className="num">{rate(line.gst_rate)}</td>
                {priced && <td className="num">{formatINR(line.amount)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {taxes && (
        <>
          <div className="po-scroll">
            <table aria-label="GST by rate">
              <caption style={{ captionSide: 'top', textAlign: 'left', paddingBottom: 4 }}>{supplyText(taxes)}</caption>
              <thead>
                <tr>
                  <th>GST rate</th>
                  <th className="num">Taxable</th>
                  {taxes.supply === 'intra' ? (
                    <>
                      <th className="num">CGST</th>
                      <th className="num">SGST</th>
                    </>
                  ) : (
                    <th className="num">IGST</th>
                  )}
                  <th className="num">Tax</th>
                </tr>
              </thead>
              <tbody>
                {taxes.rates.map((r) => (
                  <tr key={r.rate}>
                    <td>{rate(r.rate)}</td>
                    <td className="num">{formatINR(r.taxable)}</td>
                    {taxes.supply === 'intra' ? (
                      <>
                        <td className="num">{formatINR(r.cgst)}</td>
                        <td className="num">{formatINR(r.sgst)}</td>
                      </>
                    ) : (
                      <td className="num">{formatINR(r.igst)}</td>
                    )}
                    <td className="num">{formatINR(r.tax)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <table className="po-totals" aria-label="Totals">
            <tbody>
              {taxTotals(taxes).map((t) => (
                <tr key={t.key}>
                  <th>{t.label}</th>
                  <td className="num" data-testid={`print-${t.key}`}>
                    {formatINR(t.value)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {order.notes && (
        <section aria-label="Notes" style={{ marginTop: 12 }}>
          <h3>Notes</h3>
          <div style={{ whiteSpace: 'pre-wrap' }}>{order.notes}</div>
        </section>
      )}
      <div className="po-sign">
        For {business}
        <br />
        <br />
        <br />
        Authorised signatory
      </div>
    </article>
  );
}
