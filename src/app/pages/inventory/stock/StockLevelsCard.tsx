import { Alert, Button, Card, Flex, Form, Input, type FormRule } from 'antd';
import { useState } from 'react';
import { inventoryResource } from '../../../../domain/resources/inventory';
import { MIN_ABOVE_MAX_MESSAGE, minNotAboveMax } from '../../../../domain/schemas/stock-rules';
import { NumberField } from '../../../components/NumberField';
import { EditConflictAlert } from '../../../crud/form/live-edit/EditConflictAlert';
import { useLiveEditForm } from '../../../crud/form/live-edit/use-live-edit-form';
import { useT } from '../../../i18n/use-t';
import { translatedRules } from '../shared/translated-rules';
import type { InventoryRecord } from '../shared/types';
import { SellerSelect } from './SellerSelect';

type Levels = Pick<InventoryRecord, 'minimum_stock' | 'maximum_stock' | 'location' | 'lead_time_days' | 'order_multiple' | 'preferred_seller_id'>;
/** Replenishment (issue 31): sent only when changed, so a save of the levels alone sends only those. */
const REORDER_FIELDS = ['lead_time_days', 'order_multiple', 'preferred_seller_id'] as const;

const { fields } = inventoryResource;
/** The API's rules of the three fields (PUT /inventory/{id}), messages included; a blank location is no location. */
const ruleOf = (name: 'minimum_stock' | 'maximum_stock' | 'lead_time_days' | 'order_multiple') => fields[name].updateRule;

/** SPEC.md section 5: the minimum may not exceed a maximum that is set (0 is no maximum), checked on the minimum. */
const minNotAboveMaxRule =
  (tx: (text: string) => string): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_rule, minimum: unknown) => {
      const levels = { minimum_stock: minimum, maximum_stock: getFieldValue('maximum_stock') as unknown };
      const numbers = typeof levels.minimum_stock === 'number' && typeof levels.maximum_stock === 'number';
      if (numbers && !minNotAboveMax(levels as { minimum_stock: number; maximum_stock: number })) throw new Error(tx(MIN_ABOVE_MAX_MESSAGE));
    },
  });

/**
 * An inventory record's own details beside its stock: the levels that mark it Low Stock and its bin location, saved
 * with PUT /inventory/{id} on Refine's useForm (the API's rules on each field; the record then shows the new levels).
 */
export function StockLevelsCard({ recordId }: { recordId: string }) {
  const { t, tx } = useT();
  const [refused, setRefused] = useState<string | null>(null);
  const { formProps, saveButtonProps, mutation, conflict } = useLiveEditForm<InventoryRecord, Levels>({
    resource: 'inventory',
    action: 'edit',
    id: recordId,
    redirect: false,
    queryOptions: { retry: false },
    successNotification: () => ({ type: 'success', message: t('stock.levels.saved') }),
    errorNotification: false,
    onMutationError: (error) => setRefused(error.message),
    onMutationSuccess: () => setRefused(null),
  });
  const touched = (values: Levels) =>
    Object.fromEntries(
      REORDER_FIELDS.filter((f) => formProps.form?.isFieldTouched(f)).map((f) => [f, f === 'preferred_seller_id' ? (values[f] ?? null) : values[f]]),
    );
  // The form's fields by name, with their labels: what a conflict's 'Review changes' compares.
  const labels = {
    minimum_stock: t('inventory.fields.minStock'),
    maximum_stock: t('inventory.fields.maxStock'),
    location: t('inventory.fields.location'),
    lead_time_days: t('inventory.fields.leadTime'),
    order_multiple: t('inventory.fields.orderMultiple'),
    preferred_seller_id: t('inventory.fields.preferredSeller'),
  };
  return (
    <Card size="small" title={t('stock.levels.title')} style={{ marginBottom: 16 }}>
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
        aria-label={t('stock.levels.title')}
      >
        <Flex gap={16} wrap>
          <Form.Item
            label={labels.minimum_stock}
            name="minimum_stock"
            rules={[...translatedRules(ruleOf('minimum_stock'), tx), minNotAboveMaxRule(tx)]}
            dependencies={['maximum_stock']}
            style={{ flex: '1 1 160px' }}
          >
            <NumberField integer placeholder="0" />
          </Form.Item>
          <Form.Item
            label={labels.maximum_stock}
            name="maximum_stock"
            rules={translatedRules(ruleOf('maximum_stock'), tx)}
            extra={t('stock.levels.noMaximum')}
            style={{ flex: '1 1 160px' }}
          >
            <NumberField integer placeholder="0" />
          </Form.Item>
          <Form.Item label={labels.location} name="location" rules={translatedRules(fields.location.rule, tx)} style={{ flex: '2 1 220px' }}>
            <Input placeholder={t('stock.levels.locationPlaceholder')} maxLength={200} />
          </Form.Item>
        </Flex>
        <Flex gap={16} wrap>
          <Form.Item
            label={labels.lead_time_days}
            name="lead_time_days"
            rules={translatedRules(ruleOf('lead_time_days'), tx)}
            extra={t('stock.levels.leadTimeHelp')}
            style={{ flex: '1 1 160px' }}
          >
            <NumberField integer placeholder="0" />
          </Form.Item>
          <Form.Item
            label={labels.order_multiple}
            name="order_multiple"
            rules={translatedRules(ruleOf('order_multiple'), tx)}
            extra={t('stock.levels.multipleHelp')}
            style={{ flex: '1 1 160px' }}
          >
            <NumberField integer placeholder="1" />
          </Form.Item>
          <Form.Item label={labels.preferred_seller_id} name="preferred_seller_id" style={{ flex: '2 1 220px' }}>
            <SellerSelect anyCity placeholder={t('stock.levels.none')} />
          </Form.Item>
        </Flex>
        <EditConflictAlert conflict={conflict} labels={labels} />
        {refused && <Alert type="error" showIcon role="alert" message={tx(refused)} style={{ marginBottom: 16 }} />}
        <Flex justify="end">
          <Button {...saveButtonProps} type="primary" loading={mutation.isPending}>
            {t('stock.levels.save')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
