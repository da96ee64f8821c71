import { formatINR } from '../../../domain/money';
import { formatDate, formatDateTime } from '../../crud/cells';
import { useT } from '../../i18n/use-t';
import { supplyText, taxTotals } from './TaxSummary';
import type { OrderLine, PurchaseOrder } from './types';
import type { Seller, Warehouse } from './use-parties';

type Props = { order: PurchaseOrder; business: string; seller: Seller; warehouse: Warehouse; statusLabel: string };

/** The GST column's heading: the same in every language. */
const GST_PERCENT = 'GST %';

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
  const { t, tx } = useT();
  return (
    <article className="po-sheet" aria-label={t('purchaseOrders.print.sheet')}>
      <div className="po-head">
        <div>
          <h1>{business}</h1>
        </div>
        <div>
          <h2>{t('purchaseOrders.print.heading')}</h2>
          <dl>
            <dt>{t('purchaseOrders.print.number')}</dt>
            <dd data-testid="print-number">{order.number}</dd>
            <dt>{t('purchaseOrders.print.date')}</dt>
            <dd>{formatDate(orderedAt(order)) || formatDateTime(order.created)}</dd>
            <dt>{t('purchaseOrders.print.expectedBy')}</dt>
            <dd>{formatDate(order.expected_on)}</dd>
            {order.status === 'draft' && (
              <>
                <dt>{t('purchaseOrders.fields.status')}</dt>
                <dd>{t('purchaseOrders.print.notPlaced', { status: statusLabel })}</dd>
              </>
            )}
          </dl>
        </div>
      </div>
      <div className="po-parties">
        <section aria-label={t('purchaseOrders.fields.seller')}>
          <h3>{t('purchaseOrders.fields.seller')}</h3>
          <strong>{seller.name}</strong>
          <Address
            lines={[seller.address, seller.city, seller.phone && `${t('purchaseOrders.party.phone')} ${seller.phone}`, seller.gst && `GSTIN ${seller.gst}`]}
          />
        </section>
        <section aria-label={t('purchaseOrders.print.deliverTo')}>
          <h3>{t('purchaseOrders.print.deliverTo')}</h3>
          <strong>{warehouse.name}</strong>
          <Address
            lines={[
              warehouse.address,
              warehouse.city,
              warehouse.contact && `${t('purchaseOrders.party.contact')} ${warehouse.contact}`,
              warehouse.phone && `${t('purchaseOrders.party.phone')} ${warehouse.phone}`,
            ]}
          />
        </section>
      </div>
      <div className="po-scroll">
        <table aria-label={t('purchaseOrders.print.lines')}>
          <thead>
            <tr>
              <th>#</th>
              <th>{t('purchaseOrders.fields.product')}</th>
              <th>HSN</th>
              <th className="num">{t('purchaseOrders.fields.quantity')}</th>
              {priced && <th className="num">{t('purchaseOrders.print.unitCost')}</th>}
              <th className="num">{GST_PERCENT}</th>
              {priced && <th className="num">{t('purchaseOrders.fields.amount')}</th>}
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
            <table aria-label={t('purchaseOrders.tax.byRate')}>
              <caption style={{ captionSide: 'top', textAlign: 'left', paddingBottom: 4 }}>{supplyText(taxes, t)}</caption>
              <thead>
                <tr>
                  <th>{t('purchaseOrders.tax.rate')}</th>
                  <th className="num">{t('purchaseOrders.tax.taxable')}</th>
                  {taxes.supply === 'intra' ? (
                    <>
                      <th className="num">CGST</th>
                      <th className="num">SGST</th>
                    </>
                  ) : (
                    <th className="num">IGST</th>
                  )}
                  <th className="num">{t('purchaseOrders.tax.tax')}</th>
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
          <table className="po-totals" aria-label={t('purchaseOrders.print.totals')}>
            <tbody>
              {taxTotals(taxes, t).map((total) => (
                <tr key={total.key}>
                  <th>{total.label}</th>
                  <td className="num" data-testid={`print-${total.key}`}>
                    {formatINR(total.value)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {order.notes && (
        <section aria-label={t('purchaseOrders.fields.notes')} style={{ marginTop: 12 }}>
          <h3>{t('purchaseOrders.fields.notes')}</h3>
          {/* A note the app wrote itself (an order drafted from replenishment) reads in the user's language; a typed one as typed. */}
          <div style={{ whiteSpace: 'pre-wrap' }}>{tx(order.notes)}</div>
        </section>
      )}
      <div className="po-sign">
        {t('purchaseOrders.print.for', { business })}
        <br />
        <br />
        <br />
        {t('purchaseOrders.print.signatory')}
      </div>
    </article>
  );
}
