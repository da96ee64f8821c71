import { useCreate, useInvalidate } from '@refinedev/core';
import { Alert, Button, Form, Select, Switch } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n/use-t';
import { answerText } from '../../providers/api-error';
import { WarehouseSelect } from '../inventory/shared/WarehouseSelect';
import { useCategories } from '../products/use-categories';
import { OpenTakeAlert, openTakeMessage } from './OpenTakeAlert';
import type { StockTake } from './types';
import { useOverlappingTake } from './use-overlapping-take';

type Values = { warehouse_id?: string; category_id?: string; blind: boolean };
type Refusal = { message: string; openId?: string };

/**
 * Starts a count: the sheet lists the warehouse's products (of one category, if chosen) with their stock now. One open
 * count per warehouse and product: an open one that counts the same products is named (with a link) before anyone
 * starts, and Start waits until it is applied or cancelled; should another start win the race, the API's 409 says the same.
 */
export function NewStockTakeForm() {
  const [form] = Form.useForm<Values>();
  const warehouseId = Form.useWatch('warehouse_id', form);
  const categoryId = Form.useWatch('category_id', form) ?? undefined;
  const categories = useCategories();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const { mutate, mutation } = useCreate<StockTake>();
  const overlapping = useOverlappingTake(warehouseId, categoryId);
  const { t, tx } = useT();

  const start = (values: Values) => {
    setRefusal(null);
    mutate(
      {
        resource: 'stock-takes',
        values: { warehouse_id: values.warehouse_id, category_id: values.category_id ?? null, blind: values.blind },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => navigate(`/stock-takes/${data._id}`),
        onError: (e) => {
          setRefusal({ message: e.message, openId: answerText(e, 'open_stock_take_id') });
          // The open one it names is news to this screen: the check below catches up with it.
          if (e.statusCode === 409) void invalidate({ resource: 'stock-takes', invalidates: ['list'] });
        },
      },
    );
  };

  return (
    <Form<Values>
      form={form}
      layout="inline"
      initialValues={{ blind: true }}
      onFinish={start}
      onValuesChange={() => setRefusal(null)}
      style={{ rowGap: 8, marginBottom: 16 }}
    >
      {refusal?.openId && <OpenTakeAlert message={refusal.message} stockTakeId={refusal.openId} />}
      {refusal && !refusal.openId && <Alert type="error" showIcon role="alert" message={tx(refusal.message)} style={{ width: '100%', marginBottom: 8 }} />}
      {!refusal && overlapping && <OpenTakeAlert message={openTakeMessage(overlapping, t)} stockTakeId={overlapping._id} />}
      <Form.Item name="warehouse_id" label={t('stockTakes.fields.warehouse')} rules={[{ required: true, message: t('stockTakes.form.selectWarehouse') }]}>
        <WarehouseSelect aria-label={t('stockTakes.fields.warehouse')} style={{ minWidth: 220 }} />
      </Form.Item>
      <Form.Item name="category_id" label={t('stockTakes.fields.category')}>
        <Select
          aria-label={t('stockTakes.fields.category')}
          allowClear
          placeholder={t('stockTakes.allCategories')}
          style={{ minWidth: 200 }}
          loading={categories.isLoading}
          options={categories.categories.map((c) => ({ value: c.category_id, label: c.category }))}
        />
      </Form.Item>
      <Form.Item name="blind" label={t('stockTakes.form.blindCount')} valuePropName="checked" tooltip={t('stockTakes.form.blindTooltip')}>
        <Switch aria-label={t('stockTakes.form.blindCount')} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={mutation.isPending} disabled={Boolean(overlapping)}>
          {t('stockTakes.form.start')}
        </Button>
      </Form.Item>
    </Form>
  );
}
