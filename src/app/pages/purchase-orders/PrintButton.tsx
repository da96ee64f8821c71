import { PrinterOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n/use-t';
import type { ApiRecord } from '../../resources/types';
import { printPathOf } from './print-path';

/** The order's page: 'Print' opens the printable order (its page prints itself without the app around it). */
export function PrintButton({ record }: { record: ApiRecord }) {
  const navigate = useNavigate();
  const { t } = useT();
  return (
    <Button icon={<PrinterOutlined />} onClick={() => navigate(printPathOf(String(record.id ?? record._id)))}>
      {t('purchaseOrders.print.print')}
    </Button>
  );
}
