import dayjs from 'dayjs';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useT } from '../../../i18n/use-t';
import type { Translate } from '../shared/translate';
import type { MovementsReport } from './report-types';

const seriesOf = (t: Translate) =>
  [
    { key: 'total_in', name: t('reports.movementTypes.in'), colour: '#52c41a' },
    { key: 'total_returns', name: t('reports.figures.returns'), colour: '#13c2c2' },
    { key: 'total_adjustments', name: t('reports.figures.adjustments'), colour: '#1677ff' },
    { key: 'total_out', name: t('reports.movementTypes.out'), colour: '#ff7875' },
    { key: 'total_damaged', name: t('reports.movementTypes.damaged'), colour: '#d4380d' },
  ] as const;

/** Units moved per day and type (recharts: a chunk of its own, loaded with this view only). */
export default function MovementsChart({ days }: { days: MovementsReport['daily_totals'] }) {
  const { t } = useT();
  const SERIES = seriesOf(t);
  return (
    <ResponsiveContainer width="100%" height={300}>
      <BarChart data={days} stackOffset="sign" margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" tickFormatter={(d: string) => dayjs(d).format('D MMM')} minTickGap={16} tick={{ fontSize: 12 }} />
        <YAxis width={48} tick={{ fontSize: 12 }} allowDecimals={false} />
        <Tooltip labelFormatter={(label) => dayjs(String(label)).format('ddd, D MMM YYYY')} />
        <Legend itemSorter={(item) => SERIES.findIndex((s) => s.name === item.value)} />
        {SERIES.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.colour} stackId="units" />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
