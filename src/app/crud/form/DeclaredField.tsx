import { Form, Switch } from 'antd';
import type { ZodObject, ZodType } from 'zod';
import { useT } from '../../i18n/use-t';
import type { FieldDeclaration, FormMode } from '../../resources/types';
import { inferInput, isRequired } from '../zod-fields';
import { zodRules } from '../zod-rules';
import { fieldControl, fieldInLanguage, valueConversion } from './field-control';
import { LinesField } from './LinesField';
import { StringListField } from './StringListField';

type Props = { field: FieldDeclaration; schema: ZodObject; mode: FormMode };

/** One form field from its declaration: the input its schema calls for, and the schema's own rules and messages. */
export function DeclaredField({ field: declared, schema, mode }: Props) {
  const { tx } = useT();
  const field = fieldInLanguage(declared, tx);
  const help = field.help?.[mode];
  const fieldSchema = schema.shape[field.name] as ZodType | undefined;
  if (!fieldSchema) throw new Error(`Form field '${field.name}' is not in the schema`);
  const required = isRequired(fieldSchema);
  const input = field.input ?? inferInput(fieldSchema);

  if (input === 'lines' && field.lines) return <LinesField field={field} lines={field.lines} schema={fieldSchema} />;
  if (input === 'list') {
    return (
      <StringListField
        name={field.name}
        label={field.label}
        itemLabel={declared.itemLabel ? tx(declared.itemLabel) : field.label}
        schema={fieldSchema}
        required={required}
      />
    );
  }
  if (input === 'switch') {
    return (
      <Form.Item name={field.name} label={field.label} valuePropName="checked" extra={help && tx(help)}>
        <Switch aria-label={field.label} />
      </Form.Item>
    );
  }
  return (
    <Form.Item name={field.name} label={field.label} required={required} rules={zodRules(fieldSchema)} extra={help && tx(help)} {...valueConversion(field)}>
      {fieldControl(field, fieldSchema)}
    </Form.Item>
  );
}
