import { CheckCircleTwoTone } from '@ant-design/icons';
import { Alert, Flex, Pagination, Table, Typography, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { NumberField } from '../../components/NumberField';
import type { NumberFieldValue } from '../../components/number-text';
import { COUNTED_MESSAGE } from '../../../domain/schemas/stock-take';
import { useT } from '../../i18n/use-t';
import { ScanBox } from './ScanBox';
import type { ScanCandidate } from './scan-match';
import type { StockTakeDetail, StockTakeLine } from './types';
import { useStockTakeLines } from './use-stock-take';

type Props = {
  take: StockTakeDetail;
  editable: boolean;
  onSave: (lines: { product_id: string; counted: number | null }[]) => Promise<unknown>;
};

const inputId = (productId: string) => `count-${productId}`;
const PAGE_SIZE = 50;
const isCount = (value: NumberFieldValue): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** Whether the sheet shows what the system expects: never in a blind count still being counted, nor when the API hid it. */
export const showsExpected = (take: StockTakeDetail) => !take.expected_hidden && !(take.blind && take.status === 'open');

/**
 * The count sheet, a page of lines at a time (a count of a whole warehouse may hold a million): find a product (scan
 * its barcode, or type its SKU or name, then Enter) and the page holding its line opens with its counted field in
 * focus; Enter there goes back to the scan box, and leaving the field saves that line at once, so nothing is lost on
 * reload and several people can count together. In a blind count the expected stock is not shown.
 */
export function CountSheet({ take, editable, onSave }: Props) {
  const [drafts, setDrafts] = useState<Record<string, NumberFieldValue>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<Record<string, boolean>>({});
  const [extra, setExtra] = useState<StockTakeLine[]>([]);
  // `at` moves the focus again when the same product is found twice in a row.
  const [focus, setFocus] = useState<{ productId: string; at: number } | null>(null);
  const scanRef = useRef<InputRef>(null);
  // The page asked for, or the page that holds a product found by the scan box (the API answers which page that is).
  const [view, setView] = useState<{ page: number; at?: string }>({ page: 1 });
  const sheet = useStockTakeLines(take._id, { page: view.page, limit: PAGE_SIZE, at_product: view.at });
  const { t, tx } = useT();

  const lines = [...sheet.lines, ...extra.filter((e) => !sheet.lines.some((l) => l.product_id === e.product_id))];
  const shownKey = lines.map((l) => l.product_id).join(',');

  useEffect(() => {
    if (!focus) return;
    const input = document.getElementById(inputId(focus.productId)) as HTMLInputElement | null;
    input?.scrollIntoView({ block: 'center' });
    input?.focus();
    input?.select();
  }, [focus, shownKey]);

  const pick = (product: ScanCandidate) => {
    if (!product.onSheet && !lines.some((l) => l.product_id === product._id)) {
      // Found on the shelf but not on the sheet (no stock here at the start): it joins with 0 expected once counted.
      setExtra((list) => [
        ...list,
        {
          product_id: product._id,
          productname: product.productname,
          sku: product.sku,
          barcode: product.barcode,
          expected: 0,
          counted: null,
          variance: null,
          unit_cost: 0,
          variance_value: null,
          counted_by_name: null,
          counted_at: null,
        },
      ]);
    }
    // A line on another page: the API opens the page that holds it.
    if (product.onSheet && !sheet.lines.some((l) => l.product_id === product._id)) setView({ page: sheet.page, at: product._id });
    setFocus({ productId: product._id, at: Date.now() });
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
      // A product that joined the sheet now has its line there: that line's page is shown.
      if (extra.some((e) => e.product_id === line.product_id)) {
        setExtra((list) => list.filter((e) => e.product_id !== line.product_id));
        setView({ page: sheet.page, at: line.product_id });
      }
      setDrafts((d) => {
        const { [line.product_id]: _, ...rest } = d;
        return rest;
      });
    } catch (error) {
      setErrors((e) => ({ ...e, [line.product_id]: (error as Error).message }));
    }
  };

  return (
    <div>
      {editable && <ScanBox takeId={take._id} lines={lines} onPick={pick} inputRef={scanRef} />}
      {sheet.error && <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} message={tx(sheet.error.message)} />}
      {take.blind && take.status === 'open' && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('stockTakes.sheet.blindNotice')} />}
      <Table<StockTakeLine>
        rowKey="product_id"
        dataSource={lines}
        size="small"
        scroll={{ x: true }}
        loading={sheet.loading}
        // The pager is beside the table: a product joining the sheet is one row more than a page.
        pagination={false}
        locale={{ emptyText: t('stockTakes.sheet.empty') }}
        rowClassName={(l) => (l.product_id === focus?.productId ? 'ant-table-row-selected' : '')}
        columns={[
          {
            key: 'product',
            title: t('stockTakes.fields.product'),
            render: (_, l) => (
              <Flex vertical>
                <span>{l.productname}</span>
                {(l.sku || l.barcode) && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {[l.sku, l.barcode].filter(Boolean).join(' · ')}
                  </Typography.Text>
                )}
              </Flex>
            ),
          },
          ...(!showsExpected(take)
            ? []
            : [{ key: 'expected', title: t('stockTakes.fields.expected'), align: 'right' as const, render: (_: unknown, l: StockTakeLine) => l.expected }]),
          {
            key: 'counted',
            title: t('stockTakes.fields.counted'),
            width: 180,
            render: (_, l) =>
              editable ? (
                <Flex vertical gap={2}>
                  <Flex align="center" gap={6}>
                    <NumberField
                      id={inputId(l.product_id)}
                      aria-label={t('stockTakes.sheet.countedLabel', { product: l.productname })}
                      integer
                      value={l.product_id in drafts ? drafts[l.product_id] : l.counted}
                      status={errors[l.product_id] ? 'error' : undefined}
                      onChange={(value) => {
                        setSaved((s) => ({ ...s, [l.product_id]: false }));
                        setDrafts((d) => ({ ...d, [l.product_id]: value }));
                      }}
                      onBlur={() => void save(l)}
                      // Leaving the field saves it; the next scan then lands in the scan box, not in this count.
                      onPressEnter={() => (scanRef.current ? scanRef.current.focus() : void save(l))}
                    />
                    {saved[l.product_id] && (
                      <CheckCircleTwoTone twoToneColor="#52c41a" aria-label={t('stockTakes.sheet.savedLabel', { product: l.productname })} />
                    )}
                  </Flex>
                  {errors[l.product_id] && (
                    <Typography.Text type="danger" style={{ fontSize: 12 }}>
                      {tx(errors[l.product_id]!)}
                    </Typography.Text>
                  )}
                </Flex>
              ) : (
                (l.counted ?? t('stockTakes.sheet.notCounted'))
              ),
          },
          { key: 'by', title: t('stockTakes.fields.countedBy'), render: (_, l) => l.counted_by_name ?? '—' },
        ]}
      />
      <Pagination
        style={{ marginTop: 12 }}
        align="end"
        current={sheet.page}
        pageSize={PAGE_SIZE}
        total={sheet.total}
        showSizeChanger={false}
        hideOnSinglePage
        onChange={(page) => setView({ page })}
      />
    </div>
  );
}
