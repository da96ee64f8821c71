import { Alert } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import type { StockTake } from './types';

/** The API's words for an open stock take that a new one would overlap, from its list row. */
export function openTakeMessage(open: StockTake): string {
  const what = open.category_name ? `of ${open.category_name}` : 'of every product';
  const who = open.created_by_name ? ` by ${open.created_by_name}` : '';
  return (
    `A stock take ${what} in ${open.warehouse_name} is still open (started ${dayjs(open.created).format('DD MMM YYYY, HH:mm')}${who}): ` +
    'apply or cancel it before starting another that counts the same products.'
  );
}

/** One open stock take per warehouse and product: says which one is in the way, with a link to it. */
export function OpenTakeAlert({ message, stockTakeId }: { message: string; stockTakeId?: string }) {
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      message={message}
      action={stockTakeId && <Link to={`/stock-takes/${stockTakeId}`}>Go to the open stock take</Link>}
      style={{ width: '100%', marginBottom: 8 }}
    />
  );
}
