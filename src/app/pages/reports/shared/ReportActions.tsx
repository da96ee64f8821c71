import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button } from 'antd';

/** Export the shown view to CSV and print it (the print stylesheet leaves only the report). */
export function ReportActions({ onExport, disabled }: { onExport: () => void; disabled?: boolean }) {
  return (
    <>
      <Button icon={<DownloadOutlined />} onClick={onExport} disabled={disabled}>
        Export CSV
      </Button>
      <Button icon={<PrinterOutlined />} onClick={() => window.print()} disabled={disabled}>
        Print
      </Button>
    </>
  );
}
