import { DatePicker, type DatePickerProps, type GetProps } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjsGenerateConfig from 'rc-picker/es/generate/dayjs';
import { businessNow } from './business-time';

/**
 * How a date is shown, then every way it may be typed: the shown form, ISO (YYYY-MM-DD) and the day-first
 * forms used in India. A typed date is taken as soon as it reads as one of them (Enter or leaving the field).
 */
export const DATE_FORMATS = ['DD MMM YYYY', 'D MMM YYYY', 'YYYY-MM-DD', 'DD/MM/YYYY', 'D/M/YYYY'];

/**
 * antd's picker on dayjs, with India's "now" (antd's documented generatePicker): the highlighted today, the Today
 * button and the month a picker opens on follow the business day, not the browser's, which is a day behind or ahead
 * for part of every day anywhere far from India.
 */
const BusinessDatePicker = DatePicker.generatePicker<Dayjs>({ ...dayjsGenerateConfig, getNow: businessNow });

type DateFieldProps = Omit<DatePickerProps, 'format'>;
type DateRangeFieldProps = Omit<GetProps<typeof DatePicker.RangePicker>, 'format'>;

/** The app's date input: a calendar to click, or a date to type. */
export function DateField(props: DateFieldProps) {
  return <BusinessDatePicker format={DATE_FORMATS} style={{ width: '100%' }} {...props} />;
}

/** How a date and time is shown, then the ways it may be typed. */
export const DATE_TIME_FORMATS = ['DD MMM YYYY, HH:mm', 'D MMM YYYY, HH:mm', 'YYYY-MM-DD HH:mm', 'DD/MM/YYYY HH:mm'];

/** The app's date-and-time input: a day and a time on India's clock (see business-time.ts), clicked or typed. */
export function DateTimeField(props: DateFieldProps) {
  return <BusinessDatePicker format={DATE_TIME_FORMATS} showTime={{ format: 'HH:mm' }} style={{ width: '100%' }} {...props} />;
}

/** The app's period input (start and end), typed or clicked. */
export function DateRangeField(props: DateRangeFieldProps) {
  return <BusinessDatePicker.RangePicker format={DATE_FORMATS} style={{ width: '100%' }} {...props} />;
}
