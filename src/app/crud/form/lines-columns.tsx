import type { FormListFieldData, TableColumnsType } from 'antd';
import type { ZodType } from 'zod';
import type { FieldDeclaration, LinesDeclaration } from '../../resources/types';
import type { Tx } from '../texts';
import { LineFigure, LineInput, RemoveLineButton } from './line-parts';

type Row = Record<string, unknown> | undefined;

/** Room for each kind of input in a row, so the table scrolls inside its card instead of squeezing them. */
const widthOf = (field: FieldDeclaration) =>
  field.input === 'select' ? 220 : field.input === 'number' ? 120 : field.input === 'date' ? 160 : field.input === 'datetime' ? 200 : 180;

type Options = {
  lines: LinesDeclaration;
  shape: Record<string, ZodType>;
  /** The rows as typed so far, for each row's figures. */
  rows: readonly Row[];
  onRemove: (name: number) => void;
  /** Into the user's language: the declared labels. */
  tx: Tx;
};

/** The lines table's columns (a desktop's): the row's number, an input per field, each row's figures computed as typed, and Remove. */
export function linesColumns({ lines, shape, rows, onRemove, tx }: Options): TableColumnsType<FormListFieldData> {
  const itemLabel = tx(lines.itemLabel);
  return [
    { key: 'position', title: '#', width: 40, render: (_: unknown, __: FormListFieldData, index: number) => index + 1 },
    ...lines.fields.map((field) => ({
      key: field.name,
      title: tx(field.label),
      width: widthOf(field),
      render: (_: unknown, item: FormListFieldData, index: number) => (
        <LineInput field={field} schema={shape[field.name]} name={item.name} index={index} itemLabel={itemLabel} />
      ),
    })),
    ...lines.totals.map((total) => ({
      key: total.key,
      title: tx(total.label),
      align: 'right' as const,
      width: 120,
      render: (_: unknown, item: FormListFieldData) => <LineFigure row={rows[item.name]} total={total} />,
    })),
    {
      key: 'remove',
      title: '',
      width: 48,
      render: (_: unknown, item: FormListFieldData, index: number) => (
        <RemoveLineButton itemLabel={itemLabel} index={index} onRemove={() => onRemove(item.name)} />
      ),
    },
  ];
}
