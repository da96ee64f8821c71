import type { DashboardSummary } from './use-dashboard-summary';

/** `failed`: the summary request failed (the page shows why); a panel then claims nothing ('No users yet', 0). */
export type PanelProps = { summary: DashboardSummary | undefined; loading: boolean; failed?: boolean };
