import dayjs from 'dayjs';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DashboardSummary } from './use-dashboard-summary';
import { useT } from '../../i18n/use-t';

const day = (date: string) => dayjs(date).format('D MMM');

/**
 * Stock in and out per day (recharts: its own chunk, loaded only with the dashboard). Drawn once, not grown in: the
 * animation rendered the chart ten times over on a phone's first load (docs of bench:spa-screens).
 */
export default function StockChart({ data }: { data: DashboardSummary['stock_flow'] }) {
  const { t } = useT();
  const units = (value: unknown) => t('reports.units', { quantity: Number(value).toLocaleString('en-IN') });
  return (
    <ResponsiveContainer width="100%" height={280}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" tickFormatter={day} minTickGap={16} tick={{ fontSize: 12 }} />
        <YAxis width={48} tick={{ fontSize: 12 }} allowDecimals={false} />
        <Tooltip labelFormatter={(label) => dayjs(String(label)).format('ddd, D MMM YYYY')} formatter={units} />
        <Legend />
        <Bar dataKey="stock_in" name={t('reports.figures.sentenceCase.stockIn')} fill="#52c41a" radius={[3, 3, 0, 0]} isAnimationActive={false} />
        <Bar dataKey="stock_out" name={t('reports.figures.sentenceCase.stockOut')} fill="#ff7875" radius={[3, 3, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
