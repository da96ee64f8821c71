import dayjs from 'dayjs';
import { formatBusinessTime } from '../../../components/business-time';

/** Report dates are business days (YYYY-MM-DD) from the API. */
export const formatDay = (day: string) => dayjs(day).format('DD MMM YYYY');
/** An instant on India's clock, so a movement shows the business day the report groups it under. */
export const formatDateTime = (iso: string) => formatBusinessTime(iso, 'DD MMM YYYY, HH:mm');
export const formatQuantity = (n: number | null | undefined) => (n ?? 0).toLocaleString('en-IN');
/** A signed change: +5, −3, 0. */
export const formatChange = (n: number) => (n > 0 ? `+${formatQuantity(n)}` : n < 0 ? `−${formatQuantity(-n)}` : '0');
