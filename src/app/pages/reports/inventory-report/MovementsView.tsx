import { costColumns, useSeesCosts } from '../../../access/costs';
import { Card, Collapse, Empty, Skeleton, Table, Typography } from 'antd';
import { Suspense } from 'react';
import { retryableLazy } from '../../../routes/retryable-lazy';
import { formatINR } from '../../../../domain/money';
import type { StockMovement } from '../../inventory/shared/types';
import { formatDay } from '../shared/format';
import { movementColumns } from './movement-columns';
import type { MovementsReport } from './report-types';
import { useT } from '../../../i18n/use-t';

const MovementsChart = retryableLazy(() => import('./MovementsChart'));

/** The period's movements per day (a chart of every day's totals), then the latest movements grouped by date. */
export function MovementsView({ report }: { report: MovementsReport }) {
  const seesCosts = useSeesCosts();
  const { t } = useT();
  const days = Object.keys(report.movements).sort((a, b) => b.localeCompare(a));
  const chartFallback = <Skeleton.Node active style={{ width: '100%', height: 300 }} />;
  return (
    <>
      <Card size="small" title={t('reports.inventoryReport.movements.perDay')} style={{ marginBottom: 16 }} className="report-section">
        {report.daily_totals.length === 0 ? (
          <Empty description={t('reports.inventoryReport.summary.noMovements')} />
        ) : (
          <div style={{ width: '100%', minWidth: 0, overflow: 'hidden' }}>
            <Suspense fallback={chartFallback}>
              <MovementsChart days={report.daily_totals} />
            </Suspense>
          </div>
        )}
      </Card>
      <Card
        size="small"
        title={t('reports.inventoryReport.movements.byDate')}
        extra={
          <Typography.Text type="secondary">
            {t('reports.inventoryReport.summary.latestOf', { shown: report.recent_movements.length, total: report.movement_statistics.movement_count })}
          </Typography.Text>
        }
        className="report-section"
      >
        {days.length === 0 ? (
          <Empty description={t('reports.inventoryReport.summary.noMovements')} />
        ) : (
          <Collapse
            defaultActiveKey={days.slice(0, 1)}
            items={days.map((day) => {
              const rows = report.movements[day]!;
              const value = rows.reduce((sum, m) => sum + (m.total_value ?? 0), 0);
              return {
                key: day,
                label:
                  rows.length === 1
                    ? t('reports.inventoryReport.movements.dayOne', { day: formatDay(day), movements: rows.length })
                    : t('reports.inventoryReport.movements.dayOther', { day: formatDay(day), movements: rows.length }),
                extra: seesCosts && <Typography.Text type="secondary">{formatINR(value)}</Typography.Text>,
                children: (
                  <Table<StockMovement>
                    rowKey="_id"
                    size="small"
                    dataSource={rows}
                    columns={costColumns(movementColumns(t), seesCosts)}
                    pagination={false}
                    scroll={{ x: 900 }}
                  />
                ),
              };
            })}
          />
        )}
      </Card>
    </>
  );
}
