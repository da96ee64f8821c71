import { Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatINR } from '../../../domain/money';
import type { ReplenishmentRow } from '../../../domain/schemas/replenishment';
import { formatQuantity } from '../reports/shared/format';
import { NumberField } from '../../components/NumberField';
import type { NumberFieldValue } from '../../components/number-text';
import { useT } from '../../i18n/use-t';

type Translate = ReturnType<typeof useT>['t'];

const number = (n: number) => formatQuantity(n);
const right = 'right' as const;

/** Days of cover: red below the lead time (it runs out before an order placed now arrives), none on hand included. */
function Cover({ row }: { row: ReplenishmentRow }) {
  const { t } = useT();
  if (row.days_of_cover === null) return <Tooltip title={t('replenishment.cover.noOutflow')}>—</Tooltip>;
  const short = row.days_of_cover < row.lead_time_days || row.on_hand === 0;
  const text = row.days_of_cover.toLocaleString('en-IN', { maximumFractionDigits: 1 });
  return short ? (
    <Tag color="red" style={{ marginInlineEnd: 0 }} title={t('replenishment.cover.runsOut', { days: row.lead_time_days })}>
      {text}
    </Tag>
  ) : (
    <span>{text}</span>
  );
}

type Options = {
  t: Translate;
  seesCosts: boolean;
  /** The quantity to order of each selected row (its suggestion until changed). */
  quantityOf: (row: ReplenishmentRow) => { value: NumberFieldValue } | undefined;
  setQuantity: (row: ReplenishmentRow, quantity: NumberFieldValue) => void;
};

/** The suggestions table: figures right-aligned, the order quantity editable on a selected row, the cost only for who sees costs. */
export function replenishmentColumns({ t, seesCosts, quantityOf, setQuantity }: Options): ColumnsType<ReplenishmentRow> {
  return [
    {
      title: t('purchaseOrders.fields.product'),
      key: 'product_name',
      fixed: 'left',
      width: 200,
      render: (_, r) => (
        <>
          <div>{r.product_name}</div>
          {r.sku && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.sku}
            </Typography.Text>
          )}
        </>
      ),
    },
    { title: t('replenishment.columns.category'), key: 'category_name', dataIndex: 'category_name', width: 150 },
    { title: t('replenishment.columns.onHand'), key: 'on_hand', dataIndex: 'on_hand', align: right, width: 90, render: number },
    { title: t('replenishment.columns.onOrder'), key: 'on_order', dataIndex: 'on_order', align: right, width: 90, render: number },
    { title: t('replenishment.columns.inTransit'), key: 'in_transit', dataIndex: 'in_transit', align: right, width: 90, render: number },
    {
      title: t('replenishment.columns.dailyOutflow'),
      key: 'daily_outflow',
      dataIndex: 'daily_outflow',
      align: right,
      width: 110,
      render: (n: number) => n.toFixed(2),
    },
    { title: t('replenishment.columns.daysOfCover'), key: 'days_of_cover', align: right, width: 110, render: (_, r) => <Cover row={r} /> },
    { title: t('replenishment.columns.min'), key: 'minimum_stock', dataIndex: 'minimum_stock', align: right, width: 70, render: number },
    { title: t('replenishment.columns.max'), key: 'maximum_stock', dataIndex: 'maximum_stock', align: right, width: 70, render: number },
    {
      title: t('replenishment.columns.leadTime'),
      key: 'lead_time_days',
      dataIndex: 'lead_time_days',
      align: right,
      width: 90,
      render: (n: number) => `${n} ${t('replenishment.columns.daysShort')}`,
    },
    { title: t('replenishment.columns.pack'), key: 'order_multiple', dataIndex: 'order_multiple', align: right, width: 70, render: number },
    {
      title: t('replenishment.columns.suggested'),
      key: 'suggested_quantity',
      dataIndex: 'suggested_quantity',
      align: right,
      width: 100,
      render: (n: number) => <strong>{number(n)}</strong>,
    },
    {
      title: t('replenishment.columns.orderQuantity'),
      key: 'order_quantity',
      align: right,
      width: 120,
      render: (_, r) => {
        const quantity = quantityOf(r);
        if (!quantity) return <Typography.Text type="secondary">—</Typography.Text>;
        const { value } = quantity;
        const ok = typeof value === 'number' && Number.isInteger(value) && value >= 1;
        return (
          <NumberField
            aria-label={t('replenishment.columns.orderQuantityOf', { product: r.product_name })}
            integer
            step={r.order_multiple}
            value={value}
            status={ok ? undefined : 'error'}
            title={ok ? undefined : t('replenishment.columns.wholeNumber')}
            onChange={(next) => setQuantity(r, next)}
            style={{ width: 100, textAlign: 'right' }}
          />
        );
      },
    },
    {
      title: t('replenishment.columns.preferredSeller'),
      key: 'preferred_seller_name',
      width: 170,
      render: (_, r) => r.preferred_seller_name ?? <Typography.Text type="secondary">{t('replenishment.columns.noSeller')}</Typography.Text>,
    },
    ...(seesCosts
      ? [
          {
            title: t('replenishment.columns.lastCost'),
            key: 'last_purchase_cost',
            align: right,
            width: 110,
            render: (_: unknown, r: ReplenishmentRow) => (r.last_purchase_cost == null ? '—' : formatINR(r.last_purchase_cost)),
          },
        ]
      : []),
  ];
}
