import { Flex, Table, Typography } from 'antd';
import { formatINR } from '../../../domain/money';
import type { OrderTaxes, RateTotals } from '../../../domain/schemas/purchase-order';

/** Where the tax goes, in words: within one state CGST + SGST, across states IGST. */
export function supplyText(taxes: OrderTaxes): string {
  if (taxes.supply === 'intra') return `Within ${taxes.warehouse_state ?? 'one state'}: CGST + SGST`;
  const from = taxes.seller_state ?? 'state unknown';
  const to = taxes.warehouse_state ?? 'state unknown';
  return `Across states (${from} → ${to}): IGST`;
}

/** The rows of the split: each rate's figures; CGST and SGST within a state, IGST across. */
export function rateColumns(taxes: OrderTaxes) {
  const money = (key: keyof RateTotals, title: string) => ({ key, title, align: 'right' as const, render: (_: unknown, r: RateTotals) => formatINR(r[key]) });
  return [
    { key: 'rate', title: 'GST rate', render: (_: unknown, r: RateTotals) => `${r.rate}%` },
    money('taxable', 'Taxable'),
    ...(taxes.supply === 'intra' ? [money('cgst', 'CGST'), money('sgst', 'SGST')] : [money('igst', 'IGST')]),
    money('tax', 'Tax'),
  ];
}

/** The order's totals of the split, in the order an invoice adds them up. */
export function taxTotals(taxes: OrderTaxes): { key: string; label: string; value: number }[] {
  return [
    { key: 'taxable', label: 'Taxable amount', value: taxes.taxable },
    ...(taxes.supply === 'intra'
      ? [
          { key: 'cgst', label: 'CGST', value: taxes.cgst },
          { key: 'sgst', label: 'SGST', value: taxes.sgst },
        ]
      : [{ key: 'igst', label: 'IGST', value: taxes.igst }]),
    { key: 'total', label: 'Total', value: taxes.total },
  ];
}

/**
 * Under an order's lines: the GST per rate (a table that scrolls sideways on a phone) and the order's totals under it,
 * right-aligned and always in view. Nothing for a role without 'costs: see' (the API sends no taxes).
 */
export function TaxSummary({ taxes }: { taxes: OrderTaxes | undefined }) {
  if (!taxes) return null;
  return (
    <section aria-label="GST" style={{ marginTop: 12 }}>
      <Typography.Text type="secondary" data-testid="tax-supply">
        {supplyText(taxes)}
      </Typography.Text>
      <Table<RateTotals>
        aria-label="GST by rate"
        rowKey="rate"
        size="small"
        pagination={false}
        dataSource={taxes.rates}
        columns={rateColumns(taxes)}
        scroll={{ x: 'max-content' }}
        style={{ marginTop: 4 }}
      />
      <Flex vertical align="flex-end" gap={2} style={{ marginTop: 8 }}>
        {taxTotals(taxes).map((t) => (
          <Typography.Text key={t.key} strong={t.key === 'total'}>
            {`${t.label}: `}
            <span data-testid={`tax-${t.key}`}>{formatINR(t.value)}</span>
          </Typography.Text>
        ))}
      </Flex>
    </section>
  );
}
