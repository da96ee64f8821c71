import { Alert } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { useT } from '../../i18n/use-t';
import type { StockTake } from './types';

/** The API's words for an open stock take that a new one would overlap, from its list row. */
export function openTakeMessage(open: StockTake, t: TFunction): string {
  const date = dayjs(open.created).format('DD MMM YYYY, HH:mm');
  const params = { category: open.category_name, warehouse: open.warehouse_name, date, name: open.created_by_name };
  if (open.category_name) return open.created_by_name ? t('stockTakes.open.categoryBy', params) : t('stockTakes.open.category', params);
  return open.created_by_name ? t('stockTakes.open.everyBy', params) : t('stockTakes.open.every', params);
}

/** One open stock take per warehouse and product: says which one is in the way, with a link to it. */
export function OpenTakeAlert({ message, stockTakeId }: { message: string; stockTakeId?: string }) {
  const { t, tx } = useT();
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      message={tx(message)}
      action={stockTakeId && <Link to={`/stock-takes/${stockTakeId}`}>{t('stockTakes.open.goTo')}</Link>}
      style={{ width: '100%', marginBottom: 8 }}
    />
  );
}
