import dayjs, { type Dayjs } from 'dayjs';
import type { FormItemProps } from 'antd';
import { fromBusinessClock, toBusinessClock } from '../../components/business-time';

/** How a form keeps what a picker shows: a day as the API's 'YYYY-MM-DD', an instant as ISO text read on India's clock. */
type Conversion = Pick<FormItemProps, 'getValueProps' | 'normalize'>;

const shown = (day: Dayjs) => (day.isValid() ? day : undefined);

/** A calendar day: the picker shows it, the form holds 'YYYY-MM-DD' (nothing when cleared). */
export const DAY_VALUE: Conversion = {
  getValueProps: (value: unknown) => ({ value: typeof value === 'string' && value ? shown(dayjs(value)) : undefined }),
  normalize: (day: Dayjs | null | undefined) => (day ? day.format('YYYY-MM-DD') : undefined),
};

/** An instant: the picker shows India's wall clock of it, the form holds its ISO text (nothing when cleared). */
export const INSTANT_VALUE: Conversion = {
  getValueProps: (value: unknown) => ({ value: typeof value === 'string' && value ? shown(toBusinessClock(value)) : undefined }),
  normalize: (clock: Dayjs | null | undefined) => (clock ? fromBusinessClock(clock) : undefined),
};
