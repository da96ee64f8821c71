import { Alert, Button, Col, Flex, Popconfirm, Row, Statistic, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { formatINR } from '../../../domain/money';
import { useSeesCosts } from '../../access/costs';
import { useT } from '../../i18n/use-t';
import type { StockTakeDetail, StockTakeLine } from './types';
import { useStockTakeLines } from './use-stock-take';

type Props = {
  take: StockTakeDetail;
  editable: boolean;
  onCountZero: (productIds: string[]) => Promise<unknown>;
  onCountAllUncountedZero: () => Promise<unknown>;
};

const PAGE_SIZE = 50;
/** Uncounted products named above the table. */
const NAMED = 20;

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/**
 * Review before apply: per line expected, counted, variance and its value at the unit cost, the totals, and the lines
 * nobody counted (left unchanged by apply unless counted as zero here).
 */
export function ReviewPane({ take, editable, onCountZero, onCountAllUncountedZero }: Props) {
  const [onlyVariances, setOnlyVariances] = useState(false);
  const [page, setPage] = useState(1);
  const seesCosts = useSeesCosts();
  const { t, tx } = useT();
  const shown = useStockTakeLines(take._id, { page, limit: PAGE_SIZE, only_variances: onlyVariances });
  const notCounted = take.totals.not_counted;
  const uncounted = useStockTakeLines(take._id, { uncounted: true, limit: notCounted > 0 ? NAMED : 0 }).lines;
  const namedUncounted = `${uncounted
    .slice(0, NAMED)
    .map((l) => l.productname)
    .join(', ')}${notCounted > NAMED ? '…' : ''}`;

  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}>
          <Statistic title={t('stockTakes.review.linesCounted')} value={`${take.totals.counted} / ${take.totals.lines}`} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('stockTakes.review.linesWithVariance')} value={take.totals.variances ?? 0} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('stockTakes.review.varianceUnits')} value={signed(take.totals.variance_quantity ?? 0)} />
        </Col>
        {seesCosts && (
          <Col xs={12} md={6}>
            <Statistic title={t('stockTakes.fields.varianceValue')} value={formatINR(take.totals.variance_value ?? 0)} />
            <Typography.Text type="secondary">{t('stockTakes.review.varianceValueBasis')}</Typography.Text>
          </Col>
        )}
      </Row>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <label>
          <Switch
            checked={onlyVariances}
            onChange={(on) => {
              setOnlyVariances(on);
              setPage(1);
            }}
            aria-label={t('stockTakes.review.onlyVariances')}
          />{' '}
          {t('stockTakes.review.onlyVariances')}
        </label>
        {editable && notCounted > 0 && (
          <Popconfirm
            title={t('stockTakes.review.countAllConfirm', { n: notCounted })}
            description={t('stockTakes.review.countAllDescription')}
            onConfirm={onCountAllUncountedZero}
          >
            <Button>{t('stockTakes.review.countAll')}</Button>
          </Popconfirm>
        )}
      </Flex>
      {notCounted > 0 && (
        <Typography.Paragraph type="warning">{t('stockTakes.review.notCounted', { n: notCounted, names: namedUncounted })}</Typography.Paragraph>
      )}
      {shown.error && <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} message={tx(shown.error.message)} />}
      <Table<StockTakeLine>
        rowKey="product_id"
        size="small"
        dataSource={shown.lines}
        loading={shown.loading}
        scroll={{ x: true }}
        pagination={{ current: shown.page, total: shown.total, onChange: setPage, pageSize: PAGE_SIZE, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: onlyVariances ? t('stockTakes.review.noVariances') : t('stockTakes.review.noLines') }}
        columns={[
          { key: 'product', title: t('stockTakes.fields.product'), dataIndex: 'productname' },
          { key: 'expected', title: t('stockTakes.fields.expected'), align: 'right', dataIndex: 'expected' },
          { key: 'counted', title: t('stockTakes.fields.counted'), align: 'right', render: (_, l) => l.counted ?? t('stockTakes.sheet.notCounted') },
          { key: 'variance', title: t('stockTakes.fields.variance'), align: 'right', render: (_, l) => (l.variance === null ? '—' : signed(l.variance)) },
          ...(seesCosts
            ? [
                {
                  key: 'value',
                  title: t('stockTakes.fields.varianceValue'),
                  align: 'right' as const,
                  render: (_: unknown, l: StockTakeLine) => (l.variance_value === null ? '—' : formatINR(l.variance_value)),
                },
              ]
            : []),
          ...(editable
            ? [
                {
                  key: 'zero',
                  title: '',
                  render: (_: unknown, l: StockTakeLine) =>
                    l.counted === null && (
                      <Button size="small" onClick={() => void onCountZero([l.product_id])}>
                        {t('stockTakes.review.countZero')}
                      </Button>
                    ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}
