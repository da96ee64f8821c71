import { costColumns, useSeesCosts } from '../../../access/costs';
import { Card, Col, Row, Statistic, Table, Typography } from 'antd';
import { formatINR } from '../../../../domain/money';
import type { StockMovement } from '../../inventory/shared/types';
import { movementColumns } from './movement-columns';
import type { SummaryReport } from './report-types';
import { pagedOnScreen, usePrinting } from '../shared/use-printing';
import { useT } from '../../../i18n/use-t';
import type { Translate } from '../shared/translate';

// On a phone the three counts share a row and the money, the widest figure, takes one of its own.
const stockCards = (t: Translate) => [
  { key: 'records', title: t('reports.figures.inventoryRecords'), value: (r: SummaryReport) => r.summary.total_products, xs: 8 },
  { key: 'low_stock', title: t('reports.figures.lowStock'), value: (r: SummaryReport) => r.summary.low_stock_count, color: '#d46b08', xs: 8 },
  { key: 'out_of_stock', title: t('reports.figures.outOfStock'), value: (r: SummaryReport) => r.summary.out_of_stock_count, color: '#cf1322', xs: 8 },
  { key: 'total_value', title: t('reports.columns.totalValue'), value: (r: SummaryReport) => r.summary.total_value, money: true, xs: 24 },
];

const movementCards = (t: Translate) => [
  { key: 'in', title: t('reports.figures.stockIn'), value: (r: SummaryReport) => r.movement_statistics.total_in, color: '#389e0d' },
  { key: 'out', title: t('reports.figures.stockOut'), value: (r: SummaryReport) => r.movement_statistics.total_out, color: '#cf1322' },
  { key: 'adjustments', title: t('reports.figures.adjustments'), value: (r: SummaryReport) => r.movement_statistics.total_adjustments },
  { key: 'returns', title: t('reports.figures.returns'), value: (r: SummaryReport) => r.movement_statistics.total_returns },
  { key: 'damaged', title: t('reports.movementTypes.damaged'), value: (r: SummaryReport) => r.movement_statistics.total_damaged, color: '#d4380d' },
];

/** Stock levels now, the period's movement totals, and the latest movements. */
export function SummaryView({ report }: { report: SummaryReport }) {
  const printing = usePrinting();
  const seesCosts = useSeesCosts();
  const { t } = useT();
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {costColumns(stockCards(t), seesCosts).map((card) => (
          <Col key={card.key} xs={card.xs} lg={6}>
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
      <Card size="small" title={t('reports.inventoryReport.summary.movementStatistics')} style={{ marginBottom: 16 }} className="report-section">
        <Row gutter={[16, 16]}>
          {movementCards(t).map((card) => (
            <Col key={card.key} xs={12} md={8} lg={4}>
              <Statistic title={card.title} value={card.value(report)} valueStyle={card.color ? { color: card.color } : undefined} />
            </Col>
          ))}
          <Col xs={12} md={8} lg={4}>
            <Statistic title={t('reports.figures.movements')} value={report.movement_statistics.movement_count} />
          </Col>
        </Row>
      </Card>
      <Card
        size="small"
        title={t('reports.inventoryReport.summary.recentMovements')}
        extra={
          <Typography.Text type="secondary">
            {t('reports.inventoryReport.summary.latestOf', { shown: report.recent_movements.length, total: report.movement_statistics.movement_count })}
          </Typography.Text>
        }
        className="report-section"
      >
        <Table<StockMovement>
          rowKey="_id"
          size="small"
          dataSource={report.recent_movements}
          columns={costColumns(movementColumns(t), seesCosts)}
          pagination={pagedOnScreen(printing, 20)}
          scroll={{ x: 900 }}
          locale={{ emptyText: t('reports.inventoryReport.summary.noMovements') }}
        />
      </Card>
    </>
  );
}
