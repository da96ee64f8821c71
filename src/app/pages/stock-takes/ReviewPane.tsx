import { Alert, Button, Col, Flex, Popconfirm, Row, Statistic, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { formatINR } from '../../../domain/money';
import { useSeesCosts } from '../../access/costs';
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
  const shown = useStockTakeLines(take._id, { page, limit: PAGE_SIZE, only_variances: onlyVariances });
  const notCounted = take.totals.not_counted;
  const uncounted = useStockTakeLines(take._id, { uncounted: true, limit: notCounted > 0 ? NAMED : 0 }).lines;

  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}>
          <Statistic title="Lines counted" value={`${take.totals.counted} / ${take.totals.lines}`} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="Lines with a variance" value={take.totals.variances ?? 0} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="Variance (units)" value={signed(take.totals.variance_quantity ?? 0)} />
        </Col>
        {seesCosts && (
          <Col xs={12} md={6}>
            <Statistic title="Variance value" value={formatINR(take.totals.variance_value ?? 0)} />
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
            aria-label="Only variances"
          />{' '}
          Only variances
        </label>
        {editable && notCounted > 0 && (
          <Popconfirm
            title={`Count ${notCounted} uncounted line(s) as zero?`}
            description="Apply will then set their stock to 0 (plus what moved since the start)."
            onConfirm={onCountAllUncountedZero}
          >
            <Button>Count all uncounted as zero</Button>
          </Popconfirm>
        )}
      </Flex>
      {notCounted > 0 && (
        <Typography.Paragraph type="warning">
          Not counted ({notCounted}):{' '}
          {uncounted
            .slice(0, NAMED)
            .map((l) => l.productname)
            .join(', ')}
          {notCounted > NAMED ? '…' : ''}. Apply leaves them unchanged.
        </Typography.Paragraph>
      )}
      {shown.error && <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} message={shown.error.message} />}
      <Table<StockTakeLine>
        rowKey="product_id"
        size="small"
        dataSource={shown.lines}
        loading={shown.loading}
        scroll={{ x: true }}
        pagination={{ current: shown.page, total: shown.total, onChange: setPage, pageSize: PAGE_SIZE, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: onlyVariances ? 'No variances' : 'No lines' }}
        columns={[
          { key: 'product', title: 'Product', dataIndex: 'productname' },
          { key: 'expected', title: 'Expected', align: 'right', dataIndex: 'expected' },
          { key: 'counted', title: 'Counted', align: 'right', render: (_, l) => l.counted ?? 'Not counted' },
          { key: 'variance', title: 'Variance', align: 'right', render: (_, l) => (l.variance === null ? '—' : signed(l.variance)) },
          ...(seesCosts
            ? [
                {
                  key: 'value',
                  title: 'Variance value',
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
                        Count as zero
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
