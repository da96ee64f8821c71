import { DownloadOutlined } from '@ant-design/icons';
import type { CrudFilter, CrudSort } from '@refinedev/core';
import { App, Button } from 'antd';
import { useState } from 'react';
import { downloadFromApi } from '../../pages/reports/shared/api-download';
import { filterParams, sortParams } from '../../providers/query-params';

type Props = {
  /** The list's API path ('products', 'purchase-orders'): the file is `GET /api/<path>.csv`. */
  path: string;
  filters: CrudFilter[];
  sorters: CrudSort[];
  /** 'handling charges': the file's name should the API not give one. */
  fileName: string;
};

const megabytes = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

/**
 * Every record of the list's search, filters and sort (not only this page) as a CSV file, written by the API
 * (`GET /api/<path>.csv`, streamed from the database in the list's own order, columns and cost rules). Not Refine's
 * useExport: it paged through the list in the browser (a request and a count per 100 rows: 16 s for 1M products where
 * the database copies them in 0.2 s) and stopped at its maxItemCount, saving a file cut short without a word. A download
 * that fails part-way saves nothing and says so.
 */
export function ExportButton({ path, filters, sorters, fileName }: Props) {
  const { message } = App.useApp();
  // Bytes received while exporting; null when not.
  const [received, setReceived] = useState<number | null>(null);
  const run = async () => {
    setReceived(0);
    try {
      const saved = await downloadFromApi(
        `/${path}.csv`,
        { ...sortParams(sorters), ...filterParams(filters) },
        `${fileName.replace(/ /g, '_')}-${new Date().toISOString().slice(0, 10)}.csv`,
        { onProgress: setReceived, skipEmptyCsv: true, errorMessage: 'Export failed' },
      );
      if (!saved) void message.info('Nothing to export.');
    } catch (error) {
      void message.error((error as Error).message || 'Export failed');
    } finally {
      setReceived(null);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} onClick={() => void run()} loading={received !== null}>
      {received === null ? 'Export CSV' : `Exporting… ${megabytes(received)}`}
    </Button>
  );
}
