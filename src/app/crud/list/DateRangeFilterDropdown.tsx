import { Button, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { DateRangeField } from '../../components/DateField';
import { useT } from '../../i18n/use-t';

type Range = [Dayjs | null, Dayjs | null] | null;

type Props = {
  /** The column's title, in the user's language. */
  label: string;
  /** The period in the URL ('YYYY-MM-DD', '' when open-ended). */
  from: string;
  to: string;
  /** Writes `<field>_from` and `<field>_to` ('' removes one). */
  onApply: (from: string, to: string) => void;
  close: () => void;
};

const dayOf = (text: string) => (text ? dayjs(text) : null);
const textOf = (day: Dayjs | null | undefined) => (day ? day.format('YYYY-MM-DD') : '');

/** A column header's period of days: picked or typed, applied with OK, removed with Reset; either end may stay open. */
export function DateRangeFilterDropdown({ label, from, to, onApply, close }: Props) {
  const { t } = useT();
  const [range, setRange] = useState<Range>(from || to ? [dayOf(from), dayOf(to)] : null);
  const apply = (next: Range) => {
    onApply(textOf(next?.[0]), textOf(next?.[1]));
    close();
  };
  return (
    <div style={{ padding: 8, maxWidth: 'calc(100vw - 16px)' }} onKeyDown={(e) => e.stopPropagation()}>
      <DateRangeField
        value={range}
        onChange={(next) => setRange(next)}
        allowEmpty={[true, true]}
        aria-label={t('crud.filters.filterBy', { label })}
        placeholder={[t('crud.filters.from'), t('crud.filters.to')]}
        style={{ width: 280, maxWidth: '100%' }}
      />
      <Space style={{ display: 'flex', justifyContent: 'space-between', marginTop: 8 }}>
        <Button
          size="small"
          onClick={() => {
            setRange(null);
            apply(null);
          }}
        >
          {t('crud.filters.reset')}
        </Button>
        <Button size="small" type="primary" onClick={() => apply(range)}>
          {t('crud.filters.ok')}
        </Button>
      </Space>
    </div>
  );
}
