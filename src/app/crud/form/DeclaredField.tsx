import { Form, Input, Select, Switch } from 'antd';
import type { ZodObject, ZodType } from 'zod';
import { NumberField } from '../../components/NumberField';
import type { FieldDeclaration, FormMode } from '../../resources/types';
import { enumOptions, inferInput, isRequired } from '../zod-fields';
import { zodRules } from '../zod-rules';
import { ResourceSelect } from './ResourceSelect';
import { StringListField } from './StringListField';

type Props = { field: FieldDeclaration; schema: ZodObject; mode: FormMode };

function control(field: FieldDeclaration, schema: ZodType) {
  const input = field.input ?? inferInput(schema);
  const common = { placeholder: field.placeholder, 'aria-label': field.label };
  switch (input) {
    case 'textarea':
      return <Input.TextArea {...common} rows={3} maxLength={field.maxLength} />;
    case 'number':
      return <NumberField {...common} step={field.step} />;
    case 'password':
      return <Input.Password {...common} autoComplete={field.autoComplete ?? 'new-password'} />;
    case 'select': {
      if (field.options && !Array.isArray(field.options)) {
        const { resource, labelField, valueField, multiple } = field.options;
        return <ResourceSelect {...common} resource={resource} labelField={labelField} valueField={valueField} mode={multiple ? 'multiple' : undefined} />;
      }
      return <Select {...common} options={field.options ?? enumOptions(schema)} />;
    }
    default:
      return (
        <Input
          {...common}
          type={input === 'email' || input === 'tel' ? input : 'text'}
          maxLength={field.maxLength}
          inputMode={field.inputMode}
          autoComplete={field.autoComplete}
        />
      );
  }
}

/** One form field from its declaration: the input its schema calls for, and the schema's own rules and messages. */
export function DeclaredField({ field, schema, mode }: Props) {
  const fieldSchema = schema.shape[field.name] as ZodType | undefined;
  if (!fieldSchema) throw new Error(`Form field '${field.name}' is not in the schema`);
  const required = isRequired(fieldSchema);
  const input = field.input ?? inferInput(fieldSchema);

  if (input === 'list') {
    return <StringListField name={field.name} label={field.label} itemLabel={field.itemLabel ?? field.label} schema={fieldSchema} required={required} />;
  }
  if (input === 'switch') {
    return (
      <Form.Item name={field.name} label={field.label} valuePropName="checked" extra={field.help?.[mode]}>
        <Switch aria-label={field.label} />
      </Form.Item>
    );
  }
  return (
    <Form.Item name={field.name} label={field.label} required={required} rules={zodRules(fieldSchema)} extra={field.help?.[mode]}>
      {control(field, fieldSchema)}
    </Form.Item>
  );
}
