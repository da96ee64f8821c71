import { Card, Flex, Skeleton, Statistic, Typography } from 'antd';
import { Suspense } from 'react';
import { retryableLazy } from '../../routes/retryable-lazy';
import { Link } from 'react-router';
import { formatDay } from '../reports/shared/format';
import { InTransitFigure } from './InTransitFigure';
import type { PanelProps } from './panel-props';
import { useT } from '../../i18n/use-t';

const StockChart = retryableLazy(() => import('./StockChart'));

/**
 * Stock in/out per day for the last 30 days (today included, India time), with the period's totals: the same
 * days and the same figures as the inventory report's default summary, which the card links to.
 */
export function StockFlowCard({ summary, loading, failed }: PanelProps) {
  const flow = summary?.stock_flow ?? [];
  const { t } = useT();
  const totalIn = flow.reduce((sum, d) => sum + d.stock_in, 0);
  const totalOut = flow.reduce((sum, d) => sum + d.stock_out, 0);
  const first = flow[0]?.date;
  const last = flow.at(-1)?.date;
  const chartSkeleton = <Skeleton.Node active style={{ width: '100%', height: 280 }} />;
  return (
    <Card
      size="small"
      title={t('dashboard.stockFlow')}
      style={{ height: '100%' }}
      extra={<Link to="/inventory-report">{t('dashboard.viewReport')}</Link>}
      data-testid="stock-flow"
    >
      {summary && first && last && (
        <Flex justify="space-between" align="end" wrap gap={12} style={{ marginBottom: 8 }}>
          <Typography.Text type="secondary" data-testid="stock-flow-period">{`${formatDay(first)} – ${formatDay(last)}`}</Typography.Text>
          <Flex gap={24}>
            <Statistic title={t('reports.figures.stockIn')} value={totalIn} valueStyle={{ fontSize: 16, color: '#389e0d' }} />
            <Statistic title={t('reports.figures.stockOut')} value={totalOut} valueStyle={{ fontSize: 16, color: '#cf1322' }} />
            <InTransitFigure summary={summary} />
          </Flex>
        </Flex>
      )}
      {/* A chart measures its parent: without min-width 0 it can push the page wider than the window. */}
      <div style={{ width: '100%', minWidth: 0, overflow: 'hidden' }}>
        {/* A failed request is said above the cards: no skeleton that would look like loading forever. */}
        {failed && !summary ? null : loading || !summary ? (
          chartSkeleton
        ) : (
          <Suspense fallback={chartSkeleton}>
            <StockChart data={flow} />
          </Suspense>
        )}
      </div>
    </Card>
  );
}
