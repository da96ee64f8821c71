import dayjs from 'dayjs';

/** Report dates are business days (YYYY-MM-DD) from the API. */
export const formatDay = (day: string) => dayjs(day).format('DD MMM YYYY');
export const formatDateTime = (iso: string) => dayjs(iso).format('DD MMM YYYY, HH:mm');
export const formatQuantity = (n: number | null | undefined) => (n ?? 0).toLocaleString('en-IN');
/** A signed change: +5, −3, 0. */
export const formatChange = (n: number) => (n > 0 ? `+${formatQuantity(n)}` : n < 0 ? `−${formatQuantity(-n)}` : '0');
