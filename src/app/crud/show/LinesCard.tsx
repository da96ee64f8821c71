import { Card, Table } from 'antd';
import type { ReactNode } from 'react';
import type { ApiRecord, ShowLines } from '../../resources/types';
import { DocumentTotals } from '../DocumentTotals';

/** A document's lines on its page: each row's fields and figures, and the document's totals under them. */
export function LinesCard({ lines, record }: { lines: ShowLines; record: ApiRecord }) {
  const rows = (record[lines.key] ?? []) as ApiRecord[];
  return (
    <Card size="small" title={lines.title} style={{ marginTop: 16 }}>
      <Table<ApiRecord>
        aria-label={lines.title}
        rowKey={(row) => String(row._id)}
        dataSource={rows}
        pagination={false}
        size="small"
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'position', title: '#', width: 40, render: (_: unknown, __: ApiRecord, index: number) => index + 1 },
          ...lines.columns.map((column) => ({
            key: column.key, title: column.title, align: column.align,
            render: (_: unknown, row: ApiRecord) => (column.render ? column.render(row) : (row[column.key] as ReactNode)),
          })),
        ]}
      />
      <DocumentTotals totals={lines.totals.map((t) => ({ key: t.key, label: t.label, text: t.text(record) }))} />
    </Card>
  );
}
