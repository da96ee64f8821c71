import { DeleteOutlined } from '@ant-design/icons';
import { Button, Form, type FormItemProps } from 'antd';
import type { ZodType } from 'zod';
import { figureText } from '../../declared/declared-values';
import { useT } from '../../i18n/use-t';
import type { FieldDeclaration, LinesTotalDeclaration } from '../../resources/types';
import { zodRules } from '../zod-rules';
import { fieldControl, fieldInLanguage, valueConversion } from './field-control';
import { lineFigure } from './line-figures';

type Row = Record<string, unknown> | undefined;

type InputProps = {
  field: FieldDeclaration;
  schema: ZodType | undefined;
  /** The row's name inside the Form.List. */
  name: number;
  /** The row's place on the screen, from 0. */
  index: number;
  /** What one line is called, in the user's language. */
  itemLabel: string;
  /** A visible label above the input (a card on a phone); a table's column header says it on a desktop. */
  label?: FormItemProps['label'];
};

/**
 * One field of one line: its input, named [row, field] inside the Form.List so a server error on 'lines.2.quantity'
 * lands under it, and called 'Quantity (line 3)' for a screen reader in either layout.
 */
export function LineInput({ field: declared, schema, name, index, itemLabel, label }: InputProps) {
  const { tx } = useT();
  const field = fieldInLanguage(declared, tx);
  if (!schema) throw new Error(`Line field '${field.name}' is not in the lines' schema`);
  return (
    <Form.Item name={[name, field.name]} label={label} rules={zodRules(schema)} style={{ marginBottom: 0 }} {...valueConversion(field)}>
      {fieldControl({ ...field, label: `${field.label} (${itemLabel.toLowerCase()} ${index + 1})` }, schema)}
    </Form.Item>
  );
}

/** A line's figure (its amount) as typed so far, or '—' while a factor is blank. */
export function LineFigure({ row, total }: { row: Row; total: LinesTotalDeclaration }) {
  return <span data-testid={`line-${total.key}`}>{figureText(lineFigure(row, total), total.kind)}</span>;
}

/** `itemLabel` in the user's language. */
type RemoveProps = { itemLabel: string; index: number; onRemove: () => void; withText?: boolean };

/** Takes a line out ('Remove line 2'); an icon in a table's row, the word beside it on a phone's card. */
export function RemoveLineButton({ itemLabel, index, onRemove, withText = false }: RemoveProps) {
  const { t } = useT();
  return (
    <Button
      type="text"
      danger
      icon={<DeleteOutlined />}
      aria-label={t('crud.form.removeItem', { item: itemLabel.toLowerCase(), number: index + 1 })}
      onClick={onRemove}
    >
      {withText ? t('crud.form.remove') : undefined}
    </Button>
  );
}
