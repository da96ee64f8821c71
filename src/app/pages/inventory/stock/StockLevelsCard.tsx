import { Alert, Button, Card, Flex, Form, Input, type FormRule } from 'antd';
import { useState } from 'react';
import { inventoryResource } from '../../../../domain/resources/inventory';
import { MIN_ABOVE_MAX_MESSAGE, minNotAboveMax } from '../../../../domain/schemas/stock-rules';
import { NumberField } from '../../../components/NumberField';
import { EditConflictAlert } from '../../../crud/form/live-edit/EditConflictAlert';
import { useLiveEditForm } from '../../../crud/form/live-edit/use-live-edit-form';
import { zodRules } from '../../../crud/zod-rules';
import type { InventoryRecord } from '../shared/types';
import { SellerSelect } from './SellerSelect';

type Levels = Pick<InventoryRecord, 'minimum_stock' | 'maximum_stock' | 'location' | 'lead_time_days' | 'order_multiple' | 'preferred_seller_id'>;
/** Replenishment (issue 31): sent only when changed, so a save of the levels alone sends only those. */
const REORDER_FIELDS = ['lead_time_days', 'order_multiple', 'preferred_seller_id'] as const;

const { fields } = inventoryResource;
const LEVEL_LABELS = {
  minimum_stock: 'Min Stock',
  maximum_stock: 'Max Stock',
  location: 'Location',
  lead_time_days: 'Lead Time (days)',
  order_multiple: 'Order Multiple',
  preferred_seller_id: 'Preferred Seller',
} as const;
/** The API's rules of the three fields (PUT /inventory/{id}), messages included; a blank location is no location. */
const ruleOf = (name: 'minimum_stock' | 'maximum_stock' | 'lead_time_days' | 'order_multiple') => fields[name].updateRule;

/** SPEC.md section 5: the minimum may not exceed a maximum that is set (0 is no maximum), checked on the minimum. */
const minNotAboveMaxRule: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, minimum: unknown) => {
    const levels = { minimum_stock: minimum, maximum_stock: getFieldValue('maximum_stock') as unknown };
    const numbers = typeof levels.minimum_stock === 'number' && typeof levels.maximum_stock === 'number';
    if (numbers && !minNotAboveMax(levels as { minimum_stock: number; maximum_stock: number })) throw new Error(MIN_ABOVE_MAX_MESSAGE);
  },
});

/**
 * An inventory record's own details beside its stock: the levels that mark it Low Stock and its bin location, saved
 * with PUT /inventory/{id} on Refine's useForm (the API's rules on each field; the record then shows the new levels).
 */
export function StockLevelsCard({ recordId }: { recordId: string }) {
  const [refused, setRefused] = useState<string | null>(null);
  const { formProps, saveButtonProps, mutation, conflict } = useLiveEditForm<InventoryRecord, Levels>({
    resource: 'inventory',
    action: 'edit',
    id: recordId,
    redirect: false,
    queryOptions: { retry: false },
    successNotification: () => ({ type: 'success', message: 'Stock levels and location saved' }),
    errorNotification: false,
    onMutationError: (error) => setRefused(error.message),
    onMutationSuccess: () => setRefused(null),
  });
  const touched = (values: Levels) =>
    Object.fromEntries(
      REORDER_FIELDS.filter((f) => formProps.form?.isFieldTouched(f)).map((f) => [f, f === 'preferred_seller_id' ? (values[f] ?? null) : values[f]]),
    );
  return (
    <Card size="small" title="Stock levels and location" style={{ marginBottom: 16 }}>
      <Form
        {...formProps}
        // Only these go to the API: what is not sent keeps its value.
        onFinish={(values) =>
          formProps.onFinish?.({
            minimum_stock: values.minimum_stock,
            maximum_stock: values.maximum_stock,
            location: values.location ?? '',
            ...touched(values),
          })
        }
        layout="vertical"
        aria-label="Stock levels and location"
      >
        <Flex gap={16} wrap>
          <Form.Item
            label="Min Stock"
            name="minimum_stock"
            rules={[...zodRules(ruleOf('minimum_stock')), minNotAboveMaxRule]}
            dependencies={['maximum_stock']}
            style={{ flex: '1 1 160px' }}
          >
            <NumberField integer placeholder="0" />
          </Form.Item>
          <Form.Item label="Max Stock" name="maximum_stock" rules={zodRules(ruleOf('maximum_stock'))} extra="0: no maximum" style={{ flex: '1 1 160px' }}>
            <NumberField integer placeholder="0" />
          </Form.Item>
          <Form.Item label="Location" name="location" rules={zodRules(fields.location.rule)} style={{ flex: '2 1 220px' }}>
            <Input placeholder="Bin or shelf, e.g. A-12" maxLength={200} />
          </Form.Item>
        </Flex>
        <Flex gap={16} wrap>
          <Form.Item
            label="Lead Time (days)"
            name="lead_time_days"
            rules={zodRules(ruleOf('lead_time_days'))}
            extra="Ordering to delivery"
            style={{ flex: '1 1 160px' }}
          >
            <NumberField integer placeholder="0" />
          </Form.Item>
          <Form.Item
            label="Order Multiple"
            name="order_multiple"
            rules={zodRules(ruleOf('order_multiple'))}
            extra="Pack size orders are rounded up to"
            style={{ flex: '1 1 160px' }}
          >
            <NumberField integer placeholder="1" />
          </Form.Item>
          <Form.Item label="Preferred Seller" name="preferred_seller_id" style={{ flex: '2 1 220px' }}>
            <SellerSelect anyCity placeholder="None" />
          </Form.Item>
        </Flex>
        <EditConflictAlert conflict={conflict} labels={LEVEL_LABELS} />
        {refused && <Alert type="error" showIcon role="alert" message={refused} style={{ marginBottom: 16 }} />}
        <Flex justify="end">
          <Button {...saveButtonProps} type="primary" loading={mutation.isPending}>
            Save Details
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
