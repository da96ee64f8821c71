import { useCan } from '@refinedev/core';
import { Statistic } from 'antd';
import { Link } from 'react-router';
import { formatINR } from '../../../domain/money';
import type { DashboardSummary } from './use-dashboard-summary';
import { useSeesCosts } from '../../access/costs';
import { useT } from '../../i18n/use-t';

/** Stock dispatched by a transfer and not yet received (issue 18): in no warehouse, so in no other figure. */
export function InTransitFigure({ summary }: { summary: DashboardSummary }) {
  const canList = useCan({ resource: 'transfers', action: 'list' }).data?.can === true;
  const seesCosts = useSeesCosts();
  const { t } = useT();
  const { quantity, total_value: value } = summary.in_transit ?? { quantity: 0, total_value: 0 };
  const figure = (
    <Statistic
      title={t('dashboard.inTransit')}
      value={quantity}
      formatter={(v) => `${Number(v).toLocaleString('en-IN')}${seesCosts && value !== undefined ? ` · ${formatINR(value)}` : ''}`}
      valueStyle={{ fontSize: 16, color: '#1677ff' }}
      data-testid="in-transit"
    />
  );
  return canList ? (
    <Link to="/transfers?status=dispatched" aria-label={t('dashboard.transfersInTransit')}>
      {figure}
    </Link>
  ) : (
    figure
  );
}
