import { Card, Skeleton, Statistic, Flex } from 'antd';
import { lazy, Suspense } from 'react';
import type { DashboardSummary } from './use-dashboard-summary';

const StockChart = lazy(() => import('./StockChart'));

/** Stock in/out per day for the last 30 days, with the period's totals. */
export function StockFlowCard({ summary, loading }: { summary: DashboardSummary | undefined; loading: boolean }) {
  const flow = summary?.stock_flow ?? [];
  const totalIn = flow.reduce((sum, d) => sum + d.stock_in, 0);
  const totalOut = flow.reduce((sum, d) => sum + d.stock_out, 0);
  const chartSkeleton = <Skeleton.Node active style={{ width: '100%', height: 280 }} />;
  return (
    <Card
      size="small"
      title="Stock in / out — last 30 days"
      style={{ height: '100%' }}
      extra={
        summary && (
          <Flex gap={24}>
            <Statistic title="In" value={totalIn} valueStyle={{ fontSize: 16, color: '#389e0d' }} />
            <Statistic title="Out" value={totalOut} valueStyle={{ fontSize: 16, color: '#cf1322' }} />
          </Flex>
        )
      }
    >
      {/* A chart measures its parent: without min-width 0 it can push the page wider than the window. */}
      <div style={{ width: '100%', minWidth: 0, overflow: 'hidden' }}>
        {loading || !summary ? chartSkeleton : <Suspense fallback={chartSkeleton}><StockChart data={flow} /></Suspense>}
      </div>
    </Card>
  );
}
