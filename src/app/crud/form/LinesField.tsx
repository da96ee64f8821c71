import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Table } from 'antd';
import type { ZodType } from 'zod';
import { figureText } from '../../declared/declared-values';
import { useT } from '../../i18n/use-t';
import type { FieldDeclaration, LinesDeclaration } from '../../resources/types';
import { DocumentTotals } from '../DocumentTotals';
import { usePhoneLayout } from '../../layout/use-phone-layout';
import { txNow } from '../texts';
import { rowShapeOf } from '../zod-fields';
import { documentFigure } from './line-figures';
import { LineCards } from './LineCards';
import { linesColumns } from './lines-columns';

/** `field`: its label in the user's language already; `lines`: as declared (English). */
type Props = { field: FieldDeclaration; lines: LinesDeclaration; schema: ZodType };
type Row = Record<string, unknown> | undefined;

/** What the lines' rule says about the rows as a whole (at least `min`, at most `max`); each row's fields speak in their cells. */
function countProblem(schema: ZodType, rows: unknown): string | null {
  const result = schema.safeParse(rows ?? []);
  return result.success ? null : (result.error.issues.find((issue) => issue.path.length === 0)?.message ?? null);
}

/**
 * A document's rows, editable (antd Form.List): a row added or removed, each field's input by its kind, each row's
 * figures and the document's totals recomputed as they are typed. A table on a desktop; on a phone (below `md`) a card
 * per row, the same inputs under the same names, so nothing is off the side of the screen.
 */
export function LinesField({ field, lines, schema }: Props) {
  const { t, tx } = useT();
  const shape = rowShapeOf(schema);
  if (!shape) throw new Error(`Form field '${field.name}' is not a list of rows`);
  const phone = usePhoneLayout();
  const form = Form.useFormInstance();
  const rows = (Form.useWatch(field.name, form) ?? []) as Row[];
  const rules = [
    {
      validator: async (_rule: unknown, value: unknown) => {
        const message = countProblem(schema, value);
        if (message) throw new Error(txNow(message));
      },
    },
  ];

  return (
    <Form.Item label={field.label} required={lines.min > 0} style={{ minWidth: 0 }}>
      <Form.List name={field.name} rules={rules}>
        {(items, { add, remove }, { errors }) => {
          return (
            <>
              {phone ? (
                <LineCards label={field.label} items={items} lines={lines} shape={shape} rows={rows} onRemove={remove} tx={tx} />
              ) : (
                <Table
                  aria-label={field.label}
                  rowKey="key"
                  dataSource={items}
                  columns={linesColumns({ lines, shape, rows, onRemove: remove, tx })}
                  pagination={false}
                  size="small"
                  scroll={{ x: 'max-content' }}
                  locale={{ emptyText: t('crud.lines.none', { entity: field.label.toLowerCase() }) }}
                />
              )}
              <DocumentTotals totals={lines.totals.map((t) => ({ key: t.key, label: t.label, text: figureText(documentFigure(rows, t), t.kind) }))} />
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ ...lines.newRow })}
                disabled={lines.max !== undefined && items.length >= lines.max}
                block={phone}
                style={{ marginTop: 8 }}
              >
                {t('crud.add', { entity: tx(lines.itemLabel) })}
              </Button>
              <Form.ErrorList errors={errors} />
            </>
          );
        }}
      </Form.List>
    </Form.Item>
  );
}
