import { Card, Flex, Form, Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { NumberField } from '../../components/NumberField';
import { useT } from '../../i18n/use-t';
import { usePhoneLayout } from '../../layout/use-phone-layout';
import { quantityProblem } from './step-lines';
import type { OrderLine } from './types';

export type StepColumn = {
  key: string;
  title: string;
  render: (line: OrderLine, row: number) => ReactNode;
  /** Lines it is asked for (a batch: where the product tracks expiry); default every line. Elsewhere '—', or nothing on a phone. */
  applies?: (line: OrderLine) => boolean;
};
const applies = (column: StepColumn, line: OrderLine) => column.applies?.(line) ?? true;
/** A form cell inside a line: no room under it but for its own message. */
export const CELL = { marginBottom: 0 };

/**
 * The quantity typed for a line ('Receive now'), at most `most(line)`: `name` names the input ('Receive Toor Dal'),
 * `tooMany` says what is over ('Only 7 due'), `tx` puts a problem in the user's language.
 */
export const quantityColumn = (
  title: string,
  name: (line: OrderLine) => string,
  most: (line: OrderLine) => number,
  tooMany: (most: number) => string,
  tx: (text: string) => string,
): StepColumn => ({
  key: 'quantity',
  title,
  render: (line, row) => (
    <Form.Item
      name={['lines', row, 'quantity']}
      style={CELL}
      rules={[
        {
          validator: async (_rule, value) => {
            const p = quantityProblem(value, most(line), tooMany);
            if (p) throw new Error(tx(p));
          },
        },
      ]}
    >
      <NumberField integer aria-label={name(line)} style={{ width: 96 }} />
    </Form.Item>
  ),
});

/** A line's figure, in words ('10'). */
export type StepFigure = { key: string; title: string; text: (line: OrderLine) => string };

type Props = {
  label: string;
  rows: OrderLine[];
  /** The line's product. */
  product: (line: OrderLine) => ReactNode;
  /** What the line says: ordered, received, due. */
  figures: StepFigure[];
  /** What is typed for it. */
  inputs: StepColumn[];
};

/**
 * The rows of a receive or return dialog: a table on a desktop; on a phone a card per line, its figures on one line and
 * its inputs under them, so nothing to type is off the side of the screen.
 */
export function StepLines({ label, rows, product, figures, inputs }: Props) {
  const phone = usePhoneLayout();
  const { t } = useT();
  if (!phone) {
    return (
      <Table<OrderLine>
        aria-label={label}
        rowKey="_id"
        size="small"
        pagination={false}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'product', title: t('purchaseOrders.fields.product'), render: (_: unknown, line: OrderLine) => product(line) },
          ...figures.map((f) => ({ key: f.key, title: f.title, align: 'right' as const, render: (_: unknown, line: OrderLine) => f.text(line) })),
          ...inputs.map((c) => ({
            key: c.key,
            title: c.title,
            render: (_: unknown, line: OrderLine, row: number) => (applies(c, line) ? c.render(line, row) : '—'),
          })),
        ]}
      />
    );
  }
  return (
    <Flex vertical gap={8} role="list" aria-label={label}>
      {rows.map((line, row) => (
        <Card key={line._id} size="small" role="listitem" title={product(line)}>
          <Typography.Text type="secondary">{figures.map((f) => `${f.title} ${f.text(line)}`).join(' · ')}</Typography.Text>
          {inputs
            .filter((input) => applies(input, line))
            .map((input) => (
              <div key={input.key} style={{ marginTop: 8 }}>
                <Typography.Text>{input.title}</Typography.Text>
                {input.render(line, row)}
              </div>
            ))}
        </Card>
      ))}
    </Flex>
  );
}
