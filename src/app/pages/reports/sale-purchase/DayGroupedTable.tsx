import { costColumns, useSeesCosts } from '../../../access/costs';
import { Grid, Table, Typography, type TableColumnsType } from 'antd';
import { formatBusinessTime } from '../../../components/business-time';
import { useState, type Key } from 'react';
import { formatINR } from '../../../../domain/money';
import { formatDay, formatQuantity } from '../shared/format';
import { MovementReference, type Referenced } from '../shared/MovementReference';
import { usePrinting } from '../shared/use-printing';
import { totalsOf, type SalePurchaseDay } from './types';

type Row = {
  key: string;
  /** A day's total row, or one movement of that day. */
  kind: 'day' | 'item';
  label: string;
  quantity: number;
  unit_cost?: number;
  total_value?: number;
  /** A movement of a purchase order (a receipt, or a return to the seller): its order. */
  order?: Referenced;
  children?: Row[];
};

function rowsOf(days: Record<string, SalePurchaseDay>, warehouseId: string | undefined): Row[] {
  return Object.entries(days)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, day]) => ({
      key: date,
      kind: 'day' as const,
      label: formatDay(date),
      quantity: day.total_quantity,
      total_value: day.total,
      children: day.items.map((item) => ({
        key: item._id,
        kind: 'item' as const,
        label: `${formatBusinessTime(item.created, 'HH:mm')} · ${item.product_name}`,
        quantity: item.quantity,
        unit_cost: item.unit_cost,
        total_value: item.total_value,
        ...(item.reference_type === 'purchase_order'
          ? {
              order: {
                reference_type: item.reference_type,
                reference_id: item.reference_id ?? null,
                purchase_order_id: item.purchase_order_id,
                warehouse_id: warehouseId,
              },
            }
          : {}),
      })),
    }));
}

/** A movement: its time and product, and for a purchase order's the order (a negative quantity went back to the seller). */
function ItemLabel({ label, row }: { label: string; row: Row }) {
  if (!row.order) return <>{label}</>;
  return (
    <>
      {`${label} · ${row.quantity < 0 ? 'returned to seller, ' : ''}`}
      <MovementReference movement={row.order} />
    </>
  );
}

const UNIT_COST_KEY = 'unit_cost';

const columns: TableColumnsType<Row> = [
  {
    title: 'Date / Product',
    dataIndex: 'label',
    key: 'label',
    render: (label: string, row) =>
      row.kind === 'day' ? (
        <Typography.Text strong>{`${label} (${itemCount(row.children?.length ?? 0)})`}</Typography.Text>
      ) : (
        <ItemLabel label={label} row={row} />
      ),
  },
  {
    title: 'Quantity',
    dataIndex: 'quantity',
    key: 'quantity',
    align: 'right',
    width: 100,
    render: (n: number, row) => (row.kind === 'day' ? <strong>{formatQuantity(n)}</strong> : formatQuantity(n)),
  },
  { title: 'Unit Cost', dataIndex: 'unit_cost', key: UNIT_COST_KEY, align: 'right', width: 120, render: (n?: number) => (n === undefined ? '' : formatINR(n)) },
  {
    title: 'Total',
    dataIndex: 'total_value',
    key: 'total_value',
    align: 'right',
    width: 130,
    onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
    render: (n: number | undefined, row) => (row.kind === 'day' ? <strong>{formatINR(n)}</strong> : formatINR(n)),
  },
];

/** On a phone: no unit cost, narrow figures in a fixed layout, so the day and product keep the rest of the width. */
const PHONE_OVERRIDES: Record<string, { title?: string; width?: number }> = { quantity: { title: 'Qty', width: 64 }, total_value: { width: 112 } };
const phoneColumns = columns.filter((column) => column.key !== UNIT_COST_KEY).map((column) => ({ ...column, ...PHONE_OVERRIDES[String(column.key)] }));

export const itemCount = (n: number) => `${n.toLocaleString('en-IN')} ${n === 1 ? 'item' : 'items'}`;

/**
 * One section (purchases or sales): a row per day with its totals, the grand total last. A day's movements
 * open beneath it on demand (a month of them at once is a page thousands of pixels long); on paper, all are shown.
 */
export function DayGroupedTable({
  days,
  emptyText,
  testId,
  warehouseId,
}: {
  days: Record<string, SalePurchaseDay>;
  emptyText: string;
  testId: string;
  /** The report's warehouse, where its movements are: a purchase order of it opens only where the user's scope holds it. */
  warehouseId?: string;
}) {
  const totals = totalsOf(days);
  const rows = rowsOf(days, warehouseId);
  const printing = usePrinting();
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const withUnitCost = Grid.useBreakpoint().sm !== false || printing;
  const seesCosts = useSeesCosts();
  return (
    <Table<Row>
      data-testid={testId}
      rowKey="key"
      size="small"
      columns={costColumns(withUnitCost ? columns : phoneColumns, seesCosts)}
      tableLayout={withUnitCost ? undefined : 'fixed'}
      dataSource={rows}
      pagination={false}
      expandable={{
        expandedRowKeys: printing ? rows.map((row) => row.key) : expanded,
        onExpandedRowsChange: setExpanded,
        expandRowByClick: true,
      }}
      rowClassName={(row) => (row.kind === 'day' ? 'day-row' : 'item-row')}
      locale={{ emptyText }}
      summary={() =>
        rows.length > 0 && (
          <Table.Summary fixed>
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>
                <Typography.Text strong>Grand Total</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                <Typography.Text strong>{formatQuantity(totals.quantity)}</Typography.Text>
              </Table.Summary.Cell>
              {/* Without 'costs: see' the unit cost and total columns are left out: so are their cells here. */}
              {seesCosts && withUnitCost && <Table.Summary.Cell index={2} />}
              {seesCosts && (
                <Table.Summary.Cell index={withUnitCost ? 3 : 2} align="right">
                  <Typography.Text strong data-testid={`${testId}-grand-total`} style={{ whiteSpace: 'nowrap' }}>
                    {formatINR(totals.value)}
                  </Typography.Text>
                </Table.Summary.Cell>
              )}
            </Table.Summary.Row>
          </Table.Summary>
        )
      }
    />
  );
}
