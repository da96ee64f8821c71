import { Form, Input, Select, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { ZodObject, ZodType } from 'zod';
import { MOVEMENT_REASONS, REFERENCE_TYPES } from '../../../../domain/constants';
import { NumberField } from '../../../components/NumberField';
import { zodMessage } from '../../../crud/zod-rules';
import { useT } from '../../../i18n/use-t';
import type { Translate } from '../shared/translator';

export type StockFormValues = {
  quantity?: number | string | null;
  unit_cost?: number | string | null;
  movement_reason?: string;
  reference_id?: string;
  reference_type?: string;
  notes?: string;
  seller_id?: string;
  minimum_stock?: number | string | null;
  maximum_stock?: number | string | null;
};

/** The names of the form's own fields (product and warehouse sit outside it). */
export const STOCK_FORM_FIELDS: readonly string[] = [
  'quantity',
  'unit_cost',
  'movement_reason',
  'reference_id',
  'reference_type',
  'notes',
  'seller_id',
  'minimum_stock',
  'maximum_stock',
];

/** The options' labels: the values as words ('Purchase'), in the user's language. */
const reasonLabels = (t: Translate): Record<(typeof MOVEMENT_REASONS)[number], string> => ({
  purchase: t('stock.reasons.purchase'),
  return: t('stock.reasons.return'),
  adjustment: t('stock.reasons.adjustment'),
});
const referenceLabels = (t: Translate): Record<(typeof REFERENCE_TYPES)[number], string> => ({
  invoice: t('stock.referenceTypes.invoice'),
  manual: t('stock.referenceTypes.manual'),
});
const grid = { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(220px, 100%), 1fr))', columnGap: 16 } as const;
// Two fields in the columns of the grid above, rather than stretched across the row.
const levelsGrid = { ...grid, gridTemplateColumns: 'repeat(auto-fill, minmax(min(220px, 100%), 1fr))' } as const;

type NumberItemProps = {
  name: keyof StockFormValues & string;
  label: string;
  schema: ZodType;
  required?: boolean;
  integer?: boolean;
  step?: number;
  prefix?: ReactNode;
  placeholder: string;
  extra?: ReactNode;
};

/**
 * A typed number of the stock form, shown as typed. Leaving it says at once what its rule says about a value
 * that breaks it; a blank one waits for Add Stock, which names the first missing field in the SPEC.md order.
 */
function StockNumberItem({ name, label: text, schema, required, integer, step, prefix, placeholder, extra }: NumberItemProps) {
  const form = Form.useFormInstance<StockFormValues>();
  const { tx } = useT();
  const check = () => {
    const value = form.getFieldValue(name) as unknown;
    const message = value === undefined ? null : zodMessage(schema, value);
    form.setFields([{ name, errors: message ? [tx(message)] : [] }]);
  };
  return (
    <Form.Item label={text} name={name} required={required} extra={extra}>
      <NumberField
        integer={integer}
        step={step}
        prefix={prefix}
        placeholder={placeholder}
        onBlur={check}
        onChange={() => form.setFields([{ name, errors: [] }])}
      />
    </Form.Item>
  );
}

type Props = {
  /** 'Quantity' to add, or the new stock level on the adjust screen. */
  quantityLabel: string;
  /** The rules of the form's fields (the add screen's API schema, or the adjust form's). */
  schema: ZodObject;
  /** The add screen's seller select; absent on adjust. */
  seller?: ReactNode;
  /** The record is created by this movement: its minimum and maximum can be set now. */
  newRecord?: boolean;
  /** The batch fields of a product that tracks expiry (issue 17), after the movement fields. */
  batch?: ReactNode;
  /**
   * The unit cost box: by default 'Unit Cost', required (a purchase). Adjust asks only for the cost of units it adds,
   * optionally (`required: false`, with help), and not at all (`false`) when the count goes down or stays.
   */
  cost?: false | { label: string; required: boolean; help?: string };
};

/**
 * The inventory details form of SPEC.md: every field is marked required, and the submit handler checks them
 * in the SPEC.md order (one message at a time); a typed number is also checked as soon as it is left.
 */
export function StockDetailsFields({ quantityLabel, schema, seller, newRecord, batch, cost: given }: Props) {
  const { t } = useT();
  const cost = given ?? { label: t('inventory.fields.unitCost'), required: true };
  const rule = (name: string) => schema.shape[name] as ZodType;
  const reasons = reasonLabels(t);
  const references = referenceLabels(t);
  return (
    <>
      <div style={grid}>
        <StockNumberItem name="quantity" label={quantityLabel} schema={rule('quantity')} required integer placeholder="1" />
        {cost && (
          <StockNumberItem
            name="unit_cost"
            label={cost.label}
            schema={rule('unit_cost')}
            required={cost.required}
            step={0.01}
            prefix="₹"
            placeholder={cost.required ? '0.00' : t('stock.form.currentAverage')}
            extra={cost.help}
          />
        )}
        <Form.Item label={t('stock.fields.reason')} name="movement_reason" required>
          <Select options={MOVEMENT_REASONS.map((value) => ({ value, label: reasons[value] }))} placeholder={t('stock.form.reasonPlaceholder')} />
        </Form.Item>
        <Form.Item label={t('stock.fields.referenceId')} name="reference_id" required>
          <Input placeholder={t('stock.form.referencePlaceholder')} maxLength={100} />
        </Form.Item>
        <Form.Item label={t('stock.fields.referenceType')} name="reference_type" required>
          <Select options={REFERENCE_TYPES.map((value) => ({ value, label: references[value] }))} placeholder={t('stock.form.typePlaceholder')} />
        </Form.Item>
        {seller}
      </div>
      {batch}
      {newRecord && (
        <>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('stock.form.newRecord')}
          </Typography.Paragraph>
          <div style={levelsGrid}>
            <StockNumberItem name="minimum_stock" label={t('inventory.fields.minStock')} schema={rule('minimum_stock')} integer placeholder="0" />
            <StockNumberItem
              name="maximum_stock"
              label={t('inventory.fields.maxStock')}
              schema={rule('maximum_stock')}
              integer
              placeholder={t('stock.form.noMaximum')}
            />
          </div>
        </>
      )}
      <Form.Item label={t('inventory.fields.notes')} name="notes" required>
        <Input.TextArea rows={3} maxLength={1000} showCount placeholder={t('stock.form.notesPlaceholder')} />
      </Form.Item>
    </>
  );
}
