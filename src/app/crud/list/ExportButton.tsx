import { DownloadOutlined } from '@ant-design/icons';
import { useExport, type CrudFilter } from '@refinedev/core';
import { App, Button } from 'antd';
import { MAX_LIST_LIMIT } from '../../../domain/constants';
import type { ApiRecord, ColumnDeclaration } from '../../resources/types';
import { neutralizeFormula } from '../../../domain/csv';

type Props = {
  resource: string;
  filters: CrudFilter[];
  columns: ColumnDeclaration<ApiRecord>[];
  fileName: string;
};

/**
 * CSV row: one entry per exported column, under the column's title; text a spreadsheet would run as a formula is
 * neutralised by the product's one CSV rule (src/domain/csv.ts). Refine's export (papaparse) does the quoting.
 */
export function toCsvRow(record: ApiRecord, columns: ColumnDeclaration<ApiRecord>[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const column of columns) {
    if (column.noExport) continue;
    const value = column.exportValue ? column.exportValue(record) : record[column.key];
    const cell = Array.isArray(value) ? value.join(', ') : (value ?? '');
    row[column.title] = typeof cell === 'string' ? neutralizeFormula(cell) : cell;
  }
  return row;
}

/** Every record of the current filter (not only this page) as a CSV download, through Refine's useExport. */
export function ExportButton({ resource, filters, columns, fileName }: Props) {
  const { message } = App.useApp();
  const { triggerExport, isLoading } = useExport<ApiRecord>({
    resource,
    filters,
    pageSize: 100,
    // A guard against a total that never matches the rows received.
    maxItemCount: 50 * MAX_LIST_LIMIT,
    mapData: (record) => toCsvRow(record, columns),
    filename: `${fileName}-${new Date().toISOString().slice(0, 10)}`,
    onError: (error: { message?: string }) => void message.error(error?.message ?? 'Export failed'),
  });
  const run = async () => {
    const csv = await triggerExport();
    if (csv === '') void message.info('Nothing to export.');
  };
  return (
    <Button icon={<DownloadOutlined />} onClick={() => void run()} loading={isLoading}>
      Export CSV
    </Button>
  );
}
