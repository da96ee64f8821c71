import { DeleteOutlined } from '@ant-design/icons';
import { Button, Form, type FormListFieldData, type TableColumnsType } from 'antd';
import type { ZodType } from 'zod';
import { figureText } from '../../declared/declared-values';
import type { FieldDeclaration, LinesDeclaration } from '../../resources/types';
import { zodRules } from '../zod-rules';
import { fieldControl, valueConversion } from './field-control';
import { lineFigure } from './line-figures';

type Row = Record<string, unknown> | undefined;

/** Room for each kind of input in a row, so the table scrolls inside its card instead of squeezing them. */
const widthOf = (field: FieldDeclaration) =>
  field.input === 'select' ? 220 : field.input === 'number' ? 120 : field.input === 'date' ? 160 : field.input === 'datetime' ? 200 : 180;

/** One row's cell of a field: its input, named [row, field] inside the Form.List, so a server error on 'lines.2.quantity' lands here. */
function cellColumn(field: FieldDeclaration, schema: ZodType | undefined, itemLabel: string): TableColumnsType<FormListFieldData>[number] {
  if (!schema) throw new Error(`Line field '${field.name}' is not in the lines' schema`);
  return {
    key: field.name,
    title: field.label,
    width: widthOf(field),
    render: (_: unknown, item: FormListFieldData, index: number) => (
      <Form.Item name={[item.name, field.name]} rules={zodRules(schema)} style={{ marginBottom: 0 }} {...valueConversion(field)}>
        {fieldControl({ ...field, label: `${field.label} (${itemLabel.toLowerCase()} ${index + 1})` }, schema)}
      </Form.Item>
    ),
  };
}

type Options = {
  lines: LinesDeclaration;
  shape: Record<string, ZodType>;
  /** The rows as typed so far, for each row's figures. */
  rows: readonly Row[];
  onRemove: (name: number) => void;
};

/** The lines table's columns: the row's number, an input per field, each row's figures computed as typed, and Remove. */
export function linesColumns({ lines, shape, rows, onRemove }: Options): TableColumnsType<FormListFieldData> {
  const item = lines.itemLabel.toLowerCase();
  return [
    { key: 'position', title: '#', width: 40, render: (_: unknown, __: FormListFieldData, index: number) => index + 1 },
    ...lines.fields.map((field) => cellColumn(field, shape[field.name], lines.itemLabel)),
    ...lines.totals.map((total) => ({
      key: total.key,
      title: total.label,
      align: 'right' as const,
      width: 120,
      render: (_: unknown, row: FormListFieldData) => (
        <span data-testid={`line-${total.key}`}>{figureText(lineFigure(rows[row.name], total), total.kind)}</span>
      ),
    })),
    {
      key: 'remove',
      title: '',
      width: 48,
      render: (_: unknown, row: FormListFieldData, index: number) => (
        <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Remove ${item} ${index + 1}`} onClick={() => onRemove(row.name)} />
      ),
    },
  ];
}
