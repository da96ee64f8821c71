import { Card, Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { ApiRecord, ShowLines } from '../../resources/types';

/** A document's lines on its page: each row's fields and figures, and the document's totals under them. */
export function LinesCard({ lines, record }: { lines: ShowLines; record: ApiRecord }) {
  const rows = (record[lines.key] ?? []) as ApiRecord[];
  const fieldCount = lines.columns.length - lines.totals.length;
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
        summary={lines.totals.length ? () => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={1 + fieldCount}>
              <Typography.Text strong>Total</Typography.Text>
            </Table.Summary.Cell>
            {lines.totals.map((total, i) => (
              <Table.Summary.Cell key={total.key} index={1 + fieldCount + i} align="right">
                <Typography.Text strong data-testid={`document-${total.key}`}>{total.render(record)}</Typography.Text>
              </Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        ) : undefined}
      />
    </Card>
  );
}
