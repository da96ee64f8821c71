import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useT } from '../../../i18n/use-t';

/** Export the shown view to CSV and print it (the print stylesheet leaves only the report). */
export function ReportActions({ onExport, disabled }: { onExport: () => void; disabled?: boolean }) {
  const { t } = useT();
  return (
    <>
      <Button icon={<DownloadOutlined />} onClick={onExport} disabled={disabled}>
        {t('reports.exportCsv')}
      </Button>
      <Button icon={<PrinterOutlined />} onClick={() => window.print()} disabled={disabled}>
        {t('reports.print')}
      </Button>
    </>
  );
}
