import { costColumns, useSeesCosts } from '../../../access/costs';
import { Button, Grid, Table, Typography, type TableColumnsType } from 'antd';
import { formatBusinessTime } from '../../../components/business-time';
import { useState, type Key, type ReactNode } from 'react';
import { formatINR } from '../../../../domain/money';
import { formatDay, formatQuantity } from '../shared/format';
import { MovementReference, type Referenced } from '../shared/MovementReference';
import { usePrinting } from '../shared/use-printing';
import { useT } from '../../../i18n/use-t';
import type { Translate } from '../shared/translate';
import { totalsOf, type SalePurchaseDay, type SalePurchaseItem, type SectionTotals } from './types';

type Row = {
  key: string;
  /** A day's total row, one movement of that day, or the day's 'Show more' (its movements not shown yet). */
  kind: 'day' | 'item' | 'more';
  /** The day a row belongs to. */
  date: string;
  label: string;
  /** A day's number of movements, all of them (its rows may show the first ones only). */
  count?: number;
  /** A 'Show more' row: the day's movements shown so far. */
  shown?: number;
  quantity?: number;
  unit_cost?: number;
  total_value?: number;
  /** A movement of a purchase order (a receipt, or a return to the seller): its order. */
  order?: Referenced;
  children?: Row[];
};

function itemRow(date: string, item: SalePurchaseItem, warehouseId: string | undefined): Row {
  return {
    key: item._id,
    kind: 'item',
    date,
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
  };
}

function rowsOf(days: Record<string, SalePurchaseDay>, more: Record<string, SalePurchaseItem[]>, warehouseId: string | undefined): Row[] {
  return Object.entries(days)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, day]) => {
      const items = [...day.items, ...(more[date] ?? [])];
      const count = day.item_count ?? day.items.length;
      return {
        key: date,
        kind: 'day' as const,
        date,
        label: formatDay(date),
        count,
        quantity: day.total_quantity,
        total_value: day.total,
        children: [
          ...items.map((item) => itemRow(date, item, warehouseId)),
          ...(items.length < count ? [{ key: `${date}-more`, kind: 'more' as const, date, label: '', shown: items.length, count }] : []),
        ],
      };
    });
}

/** A movement: its time and product, and for a purchase order's the order (a negative quantity went back to the seller). */
function ItemLabel({ label, row }: { label: string; row: Row }) {
  const { t } = useT();
  if (!row.order) return <>{label}</>;
  return (
    <>
      {`${label} · ${(row.quantity ?? 0) < 0 ? `${t('reports.salePurchase.returnedToSeller')}, ` : ''}`}
      <MovementReference movement={row.order} />
    </>
  );
}

const UNIT_COST_KEY = 'unit_cost';

const columnsOf = (t: Translate): TableColumnsType<Row> => [
  {
    title: t('reports.columns.dateProduct'),
    dataIndex: 'label',
    key: 'label',
    render: (label: string, row) =>
      row.kind === 'day' ? <Typography.Text strong>{`${label} (${itemCount(row.count ?? 0, t)})`}</Typography.Text> : <ItemLabel label={label} row={row} />,
  },
  {
    title: t('reports.columns.quantity'),
    dataIndex: 'quantity',
    key: 'quantity',
    align: 'right',
    width: 100,
    render: (n: number | undefined, row) => (n === undefined ? '' : row.kind === 'day' ? <strong>{formatQuantity(n)}</strong> : formatQuantity(n)),
  },
  {
    title: t('reports.columns.unitCost'),
    dataIndex: 'unit_cost',
    key: UNIT_COST_KEY,
    align: 'right',
    width: 120,
    render: (n?: number) => (n === undefined ? '' : formatINR(n)),
  },
  {
    title: t('reports.columns.total'),
    dataIndex: 'total_value',
    key: 'total_value',
    align: 'right',
    width: 130,
    onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
    render: (n: number | undefined, row) => (row.kind === 'more' ? '' : row.kind === 'day' ? <strong>{formatINR(n)}</strong> : formatINR(n)),
  },
];

/** On a phone: no unit cost, narrow figures in a fixed layout, so the day and product keep the rest of the width. */
const phoneColumnsOf = (t: Translate) => {
  const overrides: Record<string, { title?: string; width?: number }> = {
    quantity: { title: t('reports.columns.qty'), width: 64 },
    total_value: { width: 112 },
  };
  return columnsOf(t)
    .filter((column) => column.key !== UNIT_COST_KEY)
    .map((column) => ({ ...column, ...overrides[String(column.key)] }));
};

export const itemCount = (n: number, t: Translate) =>
  n === 1 ? t('reports.salePurchase.itemOne', { items: n.toLocaleString('en-IN') }) : t('reports.salePurchase.itemOther', { items: n.toLocaleString('en-IN') });

/**
 * One section (purchases or sales): a row per day of the page with its totals, the period's grand total last. A day's
 * movements open beneath it on demand (a month of them at once is a page thousands of pixels long), its first ones at
 * once and the rest through 'Show more'; on paper, every movement loaded is shown.
 */
export function DayGroupedTable({
  days,
  emptyText,
  testId,
  warehouseId,
  totals: periodTotals,
  more = {},
  onMore,
  loadingDay,
}: {
  days: Record<string, SalePurchaseDay>;
  emptyText: string;
  testId: string;
  /** The report's warehouse, where its movements are: a purchase order of it opens only where the user's scope holds it. */
  warehouseId?: string;
  /** The section's totals over the whole period (the server's; else the sum of `days`). */
  totals?: SectionTotals;
  /** Movements of a day loaded after the report's first ones, and how to load the next. */
  more?: Record<string, SalePurchaseItem[]>;
  onMore?: (day: string) => void;
  loadingDay?: string | null;
}) {
  const totals = totalsOf(days, periodTotals);
  const rows = rowsOf(days, more, warehouseId);
  const printing = usePrinting();
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const withUnitCost = Grid.useBreakpoint().sm !== false || printing;
  const seesCosts = useSeesCosts();
  const { t } = useT();
  const shown = costColumns(withUnitCost ? columnsOf(t) : phoneColumnsOf(t), seesCosts).map((column) =>
    column.key === 'label'
      ? {
          ...column,
          render: (label: string, row: Row, index: number) =>
            row.kind === 'more' ? (
              <Button size="small" type="link" loading={loadingDay === row.date} disabled={!onMore} onClick={() => onMore?.(row.date)}>
                {t('reports.salePurchase.showMore', { shown: row.shown ?? 0, total: row.count ?? 0 })}
              </Button>
            ) : (
              (column.render?.(label, row, index) as ReactNode)
            ),
        }
      : column,
  );
  return (
    <Table<Row>
      data-testid={testId}
      rowKey="key"
      size="small"
      columns={shown}
      tableLayout={withUnitCost ? undefined : 'fixed'}
      dataSource={rows}
      pagination={false}
      expandable={{
        expandedRowKeys: printing ? rows.map((row) => row.key) : expanded,
        onExpandedRowsChange: setExpanded,
        expandRowByClick: true,
      }}
      rowClassName={(row) => (row.kind === 'day' ? 'day-row' : row.kind === 'more' ? 'more-row' : 'item-row')}
      locale={{ emptyText }}
      summary={() =>
        rows.length > 0 && (
          <Table.Summary fixed>
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>
                <Typography.Text strong>{t('reports.salePurchase.grandTotal')}</Typography.Text>
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
