import { DatePicker, type DatePickerProps, type GetProps } from 'antd';

/**
 * How a date is shown, then every way it may be typed: the shown form, ISO (YYYY-MM-DD) and the day-first
 * forms used in India. A typed date is taken as soon as it reads as one of them (Enter or leaving the field).
 */
export const DATE_FORMATS = ['DD MMM YYYY', 'D MMM YYYY', 'YYYY-MM-DD', 'DD/MM/YYYY', 'D/M/YYYY'];

type DateFieldProps = Omit<DatePickerProps, 'format'>;
type DateRangeFieldProps = Omit<GetProps<typeof DatePicker.RangePicker>, 'format'>;

/** The app's date input: a calendar to click, or a date to type. */
export function DateField(props: DateFieldProps) {
  return <DatePicker format={DATE_FORMATS} style={{ width: '100%' }} {...props} />;
}

/** The app's period input (start and end), typed or clicked. */
export function DateRangeField(props: DateRangeFieldProps) {
  return <DatePicker.RangePicker format={DATE_FORMATS} style={{ width: '100%' }} {...props} />;
}
