import { useCreate } from '@refinedev/core';
import { Alert, Button, Form, Select, Switch } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { WarehouseSelect } from '../inventory/shared/WarehouseSelect';
import { useCategories } from '../products/use-categories';
import type { StockTake } from './types';

type Values = { warehouse_id?: string; category_id?: string; blind: boolean };

/** Starts a count: the sheet lists the warehouse's products (of one category, if chosen) with their stock now. */
export function NewStockTakeForm() {
  const [form] = Form.useForm<Values>();
  const categories = useCategories();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const { mutate, mutation } = useCreate<StockTake>();

  const start = (values: Values) => {
    setError(null);
    mutate(
      { resource: 'stock-takes', values: { warehouse_id: values.warehouse_id, category_id: values.category_id ?? null, blind: values.blind }, successNotification: false, errorNotification: false },
      {
        onSuccess: ({ data }) => navigate(`/stock-takes/${data._id}`),
        onError: (e) => setError(e.message),
      },
    );
  };

  return (
    <Form<Values> form={form} layout="inline" initialValues={{ blind: true }} onFinish={start} style={{ rowGap: 8, marginBottom: 16 }}>
      {error && <Alert type="error" showIcon role="alert" message={error} style={{ width: '100%', marginBottom: 8 }} />}
      <Form.Item name="warehouse_id" label="Warehouse" rules={[{ required: true, message: 'Please select a warehouse' }]}>
        <WarehouseSelect aria-label="Warehouse" style={{ minWidth: 220 }} />
      </Form.Item>
      <Form.Item name="category_id" label="Category">
        <Select
          aria-label="Category"
          allowClear
          placeholder="All categories"
          style={{ minWidth: 200 }}
          loading={categories.isLoading}
          options={categories.categories.map((c) => ({ value: c.category_id, label: c.category }))}
        />
      </Form.Item>
      <Form.Item name="blind" label="Blind count" valuePropName="checked" tooltip="Counters do not see the expected stock">
        <Switch aria-label="Blind count" />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>Start Stock Take</Button>
      </Form.Item>
    </Form>
  );
}
