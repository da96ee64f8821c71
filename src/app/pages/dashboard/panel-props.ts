import type { DashboardSummary } from './use-dashboard-summary';

export type PanelProps = { summary: DashboardSummary | undefined; loading: boolean };
