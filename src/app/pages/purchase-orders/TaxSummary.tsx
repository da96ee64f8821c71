import { Flex, Table, Typography } from 'antd';
import { formatINR } from '../../../domain/money';
import type { OrderTaxes, RateTotals } from '../../../domain/schemas/purchase-order';
import { useT } from '../../i18n/use-t';

/** A text of the language files in the user's language (useT's `t`). */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** Where the tax goes, in words: within one state CGST + SGST, across states IGST. */
export function supplyText(taxes: OrderTaxes, t: Translate): string {
  if (taxes.supply === 'intra') return t('purchaseOrders.tax.within', { state: taxes.warehouse_state ?? t('purchaseOrders.tax.oneState') });
  const from = taxes.seller_state ?? t('purchaseOrders.tax.stateUnknown');
  const to = taxes.warehouse_state ?? t('purchaseOrders.tax.stateUnknown');
  return t('purchaseOrders.tax.across', { from, to });
}

/** The rows of the split: each rate's figures; CGST and SGST within a state, IGST across. */
export function rateColumns(taxes: OrderTaxes, t: Translate) {
  const money = (key: keyof RateTotals, title: string) => ({ key, title, align: 'right' as const, render: (_: unknown, r: RateTotals) => formatINR(r[key]) });
  return [
    { key: 'rate', title: t('purchaseOrders.tax.rate'), render: (_: unknown, r: RateTotals) => `${r.rate}%` },
    money('taxable', t('purchaseOrders.tax.taxable')),
    ...(taxes.supply === 'intra' ? [money('cgst', 'CGST'), money('sgst', 'SGST')] : [money('igst', 'IGST')]),
    money('tax', t('purchaseOrders.tax.tax')),
  ];
}

/** The order's totals of the split, in the order an invoice adds them up. */
export function taxTotals(taxes: OrderTaxes, t: Translate): { key: string; label: string; value: number }[] {
  return [
    { key: 'taxable', label: t('purchaseOrders.tax.taxableAmount'), value: taxes.taxable },
    ...(taxes.supply === 'intra'
      ? [
          { key: 'cgst', label: 'CGST', value: taxes.cgst },
          { key: 'sgst', label: 'SGST', value: taxes.sgst },
        ]
      : [{ key: 'igst', label: 'IGST', value: taxes.igst }]),
    { key: 'total', label: t('purchaseOrders.tax.total'), value: taxes.total },
  ];
}

/**
 * Under an order's lines: the GST per rate (a table that scrolls sideways on a phone) and the order's totals under it,
 * right-aligned and always in view. Nothing for a role without 'costs: see' (the API sends no taxes).
 */
export function TaxSummary({ taxes }: { taxes: OrderTaxes | undefined }) {
  const { t } = useT();
  if (!taxes) return null;
  return (
    <section aria-label="GST" style={{ marginTop: 12 }}>
      <Typography.Text type="secondary" data-testid="tax-supply">
        {supplyText(taxes, t)}
      </Typography.Text>
      <Table<RateTotals>
        aria-label={t('purchaseOrders.tax.byRate')}
        rowKey="rate"
        size="small"
        pagination={false}
        dataSource={taxes.rates}
        columns={rateColumns(taxes, t)}
        scroll={{ x: 'max-content' }}
        style={{ marginTop: 4 }}
      />
      <Flex vertical align="flex-end" gap={2} style={{ marginTop: 8 }}>
        {taxTotals(taxes, t).map((total) => (
          <Typography.Text key={total.key} strong={total.key === 'total'}>
            {`${total.label}: `}
            <span data-testid={`tax-${total.key}`}>{formatINR(total.value)}</span>
          </Typography.Text>
        ))}
      </Flex>
    </section>
  );
}
