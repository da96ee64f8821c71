import { Form, Input, InputNumber, Select } from 'antd';
import type { ReactNode } from 'react';
import { MOVEMENT_REASONS, REFERENCE_TYPES } from '../../../../domain/constants';

export type StockFormValues = {
  quantity?: number | null;
  unit_cost?: number | null;
  movement_reason?: string;
  reference_id?: string;
  reference_type?: string;
  notes?: string;
  seller_id?: string;
};

/** The names of the form's own fields (product and warehouse sit outside it). */
export const STOCK_FORM_FIELDS: readonly string[] = ['quantity', 'unit_cost', 'movement_reason', 'reference_id', 'reference_type', 'notes', 'seller_id'];

const label = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
const reasonOptions = MOVEMENT_REASONS.map((value) => ({ value, label: label(value) }));
const referenceOptions = REFERENCE_TYPES.map((value) => ({ value, label: label(value) }));

type Props = {
  /** 'Quantity' to add, or the new stock level on the adjust screen. */
  quantityLabel: string;
  quantityMin: number;
  /** The add screen's seller select; absent on adjust. */
  seller?: ReactNode;
};

/**
 * The inventory details form of SPEC.md: every field is marked required, and the submit handler checks them
 * in the SPEC.md order (one message at a time), so no per-field rules here.
 */
export function StockDetailsFields({ quantityLabel, quantityMin, seller }: Props) {
  return (
    <>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', columnGap: 16 }}>
        <Form.Item label={quantityLabel} name="quantity" required>
          <InputNumber min={quantityMin} step={1} precision={0} style={{ width: '100%' }} placeholder={String(Math.max(quantityMin, 1))} />
        </Form.Item>
        <Form.Item label="Unit Cost" name="unit_cost" required>
          <InputNumber min={0.01} step={0.01} precision={2} prefix="₹" style={{ width: '100%' }} placeholder="0.00" />
        </Form.Item>
        <Form.Item label="Movement Reason" name="movement_reason" required>
          <Select options={reasonOptions} placeholder="Select a reason" />
        </Form.Item>
        <Form.Item label="Reference ID" name="reference_id" required>
          <Input placeholder="e.g. INV-2024-001" maxLength={100} />
        </Form.Item>
        <Form.Item label="Reference Type" name="reference_type" required>
          <Select options={referenceOptions} placeholder="Select a type" />
        </Form.Item>
        {seller}
      </div>
      <Form.Item label="Notes" name="notes" required>
        <Input.TextArea rows={3} maxLength={1000} showCount placeholder="What happened and why" />
      </Form.Item>
    </>
  );
}
