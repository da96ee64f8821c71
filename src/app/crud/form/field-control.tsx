import { Input, Select } from 'antd';
import type { ZodType } from 'zod';
import { DateField, DateTimeField } from '../../components/DateField';
import { NumberField } from '../../components/NumberField';
import type { FieldDeclaration } from '../../resources/types';
import type { Tx } from '../texts';
import { enumOptions, inferInput } from '../zod-fields';
import { DAY_VALUE, INSTANT_VALUE } from './date-values';
import { ResourceSelect } from './ResourceSelect';

/** The input of one field (also one cell of a document's lines): the declared one, else the one its schema calls for. */
export function fieldControl(field: FieldDeclaration, schema: ZodType) {
  const input = field.input ?? inferInput(schema);
  const common = { placeholder: field.placeholder, 'aria-label': field.label };
  switch (input) {
    case 'textarea':
      return <Input.TextArea {...common} rows={3} maxLength={field.maxLength} />;
    case 'number':
      return <NumberField {...common} step={field.step} integer={field.integer} />;
    case 'password':
      return <Input.Password {...common} autoComplete={field.autoComplete ?? 'new-password'} />;
    case 'date':
      return <DateField {...common} />;
    case 'datetime':
      return <DateTimeField {...common} />;
    case 'select': {
      if (field.options && !Array.isArray(field.options)) {
        const { resource, labelField, valueField, multiple, where, translatedLabels } = field.options;
        return (
          <ResourceSelect
            {...common}
            resource={resource}
            labelField={labelField}
            valueField={valueField}
            where={where}
            translatedLabels={translatedLabels}
            mode={multiple ? 'multiple' : undefined}
          />
        );
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

/** A declared field with the words a person reads (label, placeholder, fixed choices) in the user's language. */
export const fieldInLanguage = (field: FieldDeclaration, tx: Tx): FieldDeclaration => ({
  ...field,
  label: tx(field.label),
  ...(field.placeholder && { placeholder: tx(field.placeholder) }),
  ...(Array.isArray(field.options) && { options: field.options.map((option) => ({ ...option, label: tx(option.label) })) }),
});

/** What the form holds for a picker's value: a day or an instant as the API's text. */
export const valueConversion = (field: FieldDeclaration) => (field.input === 'date' ? DAY_VALUE : field.input === 'datetime' ? INSTANT_VALUE : {});
