import { costColumns, useSeesCosts } from '../../../access/costs';
import { Card, Col, Row, Statistic, Table, Typography } from 'antd';
import { formatINR } from '../../../../domain/money';
import type { StockMovement } from '../../inventory/shared/types';
import { movementColumns } from './movement-columns';
import type { SummaryReport } from './report-types';
import { pagedOnScreen, usePrinting } from '../shared/use-printing';

// On a phone the three counts share a row and the money, the widest figure, takes one of its own.
const STOCK_CARDS = [
  { title: 'Inventory Records', value: (r: SummaryReport) => r.summary.total_products, xs: 8 },
  { title: 'Low Stock', value: (r: SummaryReport) => r.summary.low_stock_count, color: '#d46b08', xs: 8 },
  { title: 'Out of Stock', value: (r: SummaryReport) => r.summary.out_of_stock_count, color: '#cf1322', xs: 8 },
  { key: 'total_value', title: 'Total Value', value: (r: SummaryReport) => r.summary.total_value, money: true, xs: 24 },
];

const MOVEMENT_CARDS = [
  { title: 'Stock In', value: (r: SummaryReport) => r.movement_statistics.total_in, color: '#389e0d' },
  { title: 'Stock Out', value: (r: SummaryReport) => r.movement_statistics.total_out, color: '#cf1322' },
  { title: 'Adjustments', value: (r: SummaryReport) => r.movement_statistics.total_adjustments },
  { title: 'Returns', value: (r: SummaryReport) => r.movement_statistics.total_returns },
  { title: 'Damaged', value: (r: SummaryReport) => r.movement_statistics.total_damaged, color: '#d4380d' },
];

/** Stock levels now, the period's movement totals, and the latest movements. */
export function SummaryView({ report }: { report: SummaryReport }) {
  const printing = usePrinting();
  const seesCosts = useSeesCosts();
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {costColumns(STOCK_CARDS, seesCosts).map((card) => (
          <Col key={card.title} xs={card.xs} lg={6}>
            <Card size="small">
              <Statistic
                title={card.title}
                value={card.value(report)}
                formatter={(v) => (card.money ? formatINR(Number(v)) : Number(v).toLocaleString('en-IN'))}
                valueStyle={card.color ? { color: card.color } : undefined}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title="Movement statistics" style={{ marginBottom: 16 }} className="report-section">
        <Row gutter={[16, 16]}>
          {MOVEMENT_CARDS.map((card) => (
            <Col key={card.title} xs={12} md={8} lg={4}>
              <Statistic title={card.title} value={card.value(report)} valueStyle={card.color ? { color: card.color } : undefined} />
            </Col>
          ))}
          <Col xs={12} md={8} lg={4}>
            <Statistic title="Movements" value={report.movement_statistics.movement_count} />
          </Col>
        </Row>
      </Card>
      <Card
        size="small"
        title="Recent movements"
        extra={<Typography.Text type="secondary">{`Latest ${report.recent_movements.length} of ${report.movement_statistics.movement_count}`}</Typography.Text>}
        className="report-section"
      >
        <Table<StockMovement>
          rowKey="_id"
          size="small"
          dataSource={report.recent_movements}
          columns={costColumns(movementColumns, seesCosts)}
          pagination={pagedOnScreen(printing, 20)}
          scroll={{ x: 900 }}
          locale={{ emptyText: 'No movements in this period' }}
        />
      </Card>
    </>
  );
}
