import { Card, Table } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/use-t';
import type { ApiRecord, ShowLines } from '../../resources/types';
import { DocumentTotals } from '../DocumentTotals';

/** The API sent this figure on no line: a cost hidden from the role (no unit_cost, no amount), not a blank to show. */
const sentNone = (rows: readonly ApiRecord[], key: string) => rows.length > 0 && rows.every((row) => row[key] === undefined);

/**
 * A document's lines on its page: each row's fields and figures, and the document's totals under them (a column or a
 * total the API left out for the role is left out here too), then whatever the document adds under them.
 */
export function LinesCard({ lines, record }: { lines: ShowLines; record: ApiRecord }) {
  const { tx } = useT();
  const title = tx(lines.title);
  const rows = (record[lines.key] ?? []) as ApiRecord[];
  const Footer = lines.footer;
  return (
    <Card size="small" title={title} style={{ marginTop: 16 }}>
      <Table<ApiRecord>
        aria-label={title}
        rowKey={(row) => String(row._id)}
        dataSource={rows}
        pagination={false}
        size="small"
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'position', title: '#', width: 40, render: (_: unknown, __: ApiRecord, index: number) => index + 1 },
          ...lines.columns
            .filter((column) => !sentNone(rows, column.key))
            .map((column) => ({
              key: column.key,
              title: tx(column.title),
              align: column.align,
              render: (_: unknown, row: ApiRecord) => (column.render ? column.render(row) : (row[column.key] as ReactNode)),
            })),
        ]}
      />
      <DocumentTotals totals={lines.totals.filter((t) => record[t.key] !== undefined).map((t) => ({ key: t.key, label: t.label, text: t.text(record) }))} />
      {Footer && <Footer record={record} />}
    </Card>
  );
}
