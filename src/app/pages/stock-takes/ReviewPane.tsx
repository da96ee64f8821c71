import { Button, Col, Flex, Popconfirm, Row, Statistic, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { formatINR } from '../../../domain/money';
import { useSeesCosts } from '../../access/costs';
import type { StockTakeDetail, StockTakeLine } from './types';

type Props = {
  take: StockTakeDetail;
  editable: boolean;
  onCountZero: (productIds: string[]) => Promise<unknown>;
};

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/**
 * Review before apply: per line expected, counted, variance and its value at the unit cost, the totals, and the lines
 * nobody counted (left unchanged by apply unless counted as zero here).
 */
export function ReviewPane({ take, editable, onCountZero }: Props) {
  const [onlyVariances, setOnlyVariances] = useState(false);
  const seesCosts = useSeesCosts();
  const uncounted = take.lines.filter((l) => l.counted === null);
  const shown = onlyVariances ? take.lines.filter((l) => l.variance !== null && l.variance !== 0) : take.lines;

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
          <Switch checked={onlyVariances} onChange={setOnlyVariances} aria-label="Only variances" /> Only variances
        </label>
        {editable && uncounted.length > 0 && (
          <Popconfirm
            title={`Count ${uncounted.length} uncounted line(s) as zero?`}
            description="Apply will then set their stock to 0 (plus what moved since the start)."
            onConfirm={() => onCountZero(uncounted.map((l) => l.product_id))}
          >
            <Button>Count all uncounted as zero</Button>
          </Popconfirm>
        )}
      </Flex>
      {uncounted.length > 0 && (
        <Typography.Paragraph type="warning">
          Not counted ({uncounted.length}):{' '}
          {uncounted
            .slice(0, 20)
            .map((l) => l.productname)
            .join(', ')}
          {uncounted.length > 20 ? '…' : ''}. Apply leaves them unchanged.
        </Typography.Paragraph>
      )}
      <Table<StockTakeLine>
        rowKey="product_id"
        size="small"
        dataSource={shown}
        scroll={{ x: true }}
        pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
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
