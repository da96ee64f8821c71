import { CheckCircleTwoTone } from '@ant-design/icons';
import { Alert, Flex, Table, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { NumberField } from '../../components/NumberField';
import type { NumberFieldValue } from '../../components/number-text';
import { COUNTED_MESSAGE } from '../../../domain/schemas/stock-take';
import { ProductSearch } from '../inventory/shared/ProductSearch';
import type { ProductSuggestion } from '../inventory/shared/types';
import type { StockTakeDetail, StockTakeLine } from './types';

type Props = {
  take: StockTakeDetail;
  editable: boolean;
  onSave: (lines: { product_id: string; counted: number | null }[]) => Promise<unknown>;
};

const inputId = (productId: string) => `count-${productId}`;
const isCount = (value: NumberFieldValue): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/**
 * The count sheet: pick a product (type its name, or scan its barcode: digits and Enter) and its counted field takes
 * the focus; Enter or leaving the field saves that line at once, so nothing is lost on reload and several people can
 * count together. In a blind count the expected stock is not shown.
 */
export function CountSheet({ take, editable, onSave }: Props) {
  const [search, setSearch] = useState('');
  const [drafts, setDrafts] = useState<Record<string, NumberFieldValue>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<Record<string, boolean>>({});
  const [extra, setExtra] = useState<StockTakeLine[]>([]);
  const [focus, setFocus] = useState<string | null>(null);
  const tableRef = useRef<HTMLDivElement>(null);

  const lines = [...take.lines, ...extra.filter((e) => !take.lines.some((l) => l.product_id === e.product_id))];

  useEffect(() => {
    if (!focus) return;
    const input = document.getElementById(inputId(focus)) as HTMLInputElement | null;
    input?.scrollIntoView({ block: 'center' });
    input?.focus();
    input?.select();
  }, [focus, lines.length]);

  const pick = (product: ProductSuggestion) => {
    setSearch('');
    if (!lines.some((l) => l.product_id === product._id)) {
      // Found on the shelf but not on the sheet (no stock here at the start): it joins with 0 expected once counted.
      setExtra((list) => [...list, {
        product_id: product._id, productname: product.productname, sku: product.sku ?? null, barcode: product.barcode ?? null,
        expected: 0, counted: null, variance: null, unit_cost: 0, variance_value: null, counted_by_name: null, counted_at: null,
      }]);
    }
    setFocus(product._id);
  };

  const save = async (line: StockTakeLine) => {
    if (!(line.product_id in drafts)) return;
    const value = drafts[line.product_id];
    if (value !== undefined && value !== null && !isCount(value)) {
      setErrors((e) => ({ ...e, [line.product_id]: COUNTED_MESSAGE }));
      return;
    }
    const counted = value === undefined || value === null ? null : value;
    if (counted === line.counted) return;
    setErrors((e) => ({ ...e, [line.product_id]: '' }));
    try {
      await onSave([{ product_id: line.product_id, counted }]);
      setSaved((s) => ({ ...s, [line.product_id]: true }));
      setDrafts((d) => {
        const { [line.product_id]: _, ...rest } = d;
        return rest;
      });
    } catch (error) {
      setErrors((e) => ({ ...e, [line.product_id]: (error as Error).message }));
    }
  };

  return (
    <div ref={tableRef}>
      {editable && (
        <Flex style={{ marginBottom: 12, maxWidth: 480 }}>
          <ProductSearch
            value={search}
            onTextChange={setSearch}
            onPick={pick}
            placeholder="Scan a barcode or search a product"
            aria-label="Find product to count"
            autoFocus
          />
        </Flex>
      )}
      {take.blind && take.status === 'open' && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} message="Blind count: count what is on the shelf; the expected stock is shown in Review." />
      )}
      <Table<StockTakeLine>
        rowKey="product_id"
        dataSource={lines}
        size="small"
        scroll={{ x: true }}
        pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: 'No products in this warehouse yet' }}
        rowClassName={(l) => (l.product_id === focus ? 'ant-table-row-selected' : '')}
        columns={[
          {
            key: 'product', title: 'Product',
            render: (_, l) => (
              <Flex vertical>
                <span>{l.productname}</span>
                {(l.sku || l.barcode) && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{[l.sku, l.barcode].filter(Boolean).join(' · ')}</Typography.Text>}
              </Flex>
            ),
          },
          ...(take.blind && take.status === 'open' ? [] : [{ key: 'expected', title: 'Expected', align: 'right' as const, render: (_: unknown, l: StockTakeLine) => l.expected }]),
          {
            key: 'counted', title: 'Counted', width: 180,
            render: (_, l) => editable ? (
              <Flex vertical gap={2}>
                <Flex align="center" gap={6}>
                  <NumberField
                    id={inputId(l.product_id)}
                    aria-label={`Counted ${l.productname}`}
                    integer
                    value={l.product_id in drafts ? drafts[l.product_id] : l.counted}
                    status={errors[l.product_id] ? 'error' : undefined}
                    onChange={(value) => {
                      setSaved((s) => ({ ...s, [l.product_id]: false }));
                      setDrafts((d) => ({ ...d, [l.product_id]: value }));
                    }}
                    onBlur={() => void save(l)}
                    onPressEnter={() => void save(l)}
                  />
                  {saved[l.product_id] && <CheckCircleTwoTone twoToneColor="#52c41a" aria-label={`Saved ${l.productname}`} />}
                </Flex>
                {errors[l.product_id] && <Typography.Text type="danger" style={{ fontSize: 12 }}>{errors[l.product_id]}</Typography.Text>}
              </Flex>
            ) : (l.counted ?? 'Not counted'),
          },
          { key: 'by', title: 'Counted by', render: (_, l) => l.counted_by_name ?? '—' },
        ]}
      />
    </div>
  );
}
