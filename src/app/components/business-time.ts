import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { REPORT_TIME_ZONE } from '../../domain/business-days';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The business works on India's clock whatever the browser's zone: report days are India's (the API groups by them),
 * so "today" on a picker and the time shown beside a report row are India's too.
 */

/** Now on India's wall clock, as a plain dayjs (in the browser's zone) that the date pickers compare and show. */
export const businessNow = (): Dayjs => dayjs(dayjs().tz(REPORT_TIME_ZONE).format('YYYY-MM-DDTHH:mm:ss.SSS'));

/** A day later than India's today: what a report period or a purchase's expiry check refuses. */
export const isAfterBusinessToday = (day: Dayjs) => day.isAfter(businessNow(), 'day');

/** An instant (ISO text from the API) as India's clock shows it. */
export const formatBusinessTime = (iso: string, format: string) => dayjs(iso).tz(REPORT_TIME_ZONE).format(format);

/** An instant (ISO) as the wall-clock dayjs the pickers show: India's time of it, whatever the browser's zone. */
export const toBusinessClock = (iso: string): Dayjs => dayjs(dayjs(iso).tz(REPORT_TIME_ZONE).format('YYYY-MM-DDTHH:mm:ss.SSS'));

/** A wall-clock dayjs from a picker, read on India's clock, as the instant (ISO) the API takes. */
export const fromBusinessClock = (clock: Dayjs): string => dayjs.tz(clock.format('YYYY-MM-DDTHH:mm:ss.SSS'), REPORT_TIME_ZONE).toISOString();
