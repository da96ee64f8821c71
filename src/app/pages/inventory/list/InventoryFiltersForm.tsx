import { ClearOutlined, FilterOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Col, Form, Input, Row } from 'antd';
import { useEffect } from 'react';
import { useT } from '../../../i18n/use-t';
import { ProductSearch } from '../shared/ProductSearch';
import { useWarehouseFilterAvailable, WarehouseSelect } from '../shared/WarehouseSelect';
import type { InventoryFilters } from './inventory-filters';

type Props = { applied: InventoryFilters; onApply: (filters: InventoryFilters) => void; onClear: () => void };

/**
 * SPEC.md "Inventory list" filters; nothing is requested until Apply Filters (or Enter). The warehouse filter is left
 * out for a role that may see no warehouse's name (no 'warehouses: list', no assigned warehouses).
 */
export function InventoryFiltersForm({ applied, onApply, onClear }: Props) {
  const { t } = useT();
  const [form] = Form.useForm<InventoryFilters>();
  const byWarehouse = useWarehouseFilterAvailable('inventory');
  // The form shows what the URL applies (after a reload, back button or Clear Filters).
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(applied);
  }, [applied, form]);

  return (
    <Card size="small" style={{ marginBottom: 16 }}>
      <Form form={form} layout="vertical" onFinish={onApply} initialValues={applied}>
        <Row gutter={16} align="bottom">
          <Col xs={24} md={12} lg={7}>
            <Form.Item label={t('inventory.filters.productName')} name="product_name" style={{ marginBottom: 12 }}>
              <ProductNameField />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} lg={5}>
            <Form.Item label={t('inventory.fields.location')} name="location" style={{ marginBottom: 12 }}>
              <Input placeholder={t('inventory.filters.locationPlaceholder')} allowClear />
            </Form.Item>
          </Col>
          {byWarehouse && (
            <Col xs={24} md={12} lg={6}>
              <Form.Item label={t('inventory.fields.warehouse')} name="warehouse" style={{ marginBottom: 12 }}>
                <WarehouseSelect withAll aria-label={t('inventory.fields.warehouse')} />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={12} lg={6}>
            <Form.Item name="low_stock_only" valuePropName="checked" style={{ marginBottom: 4 }}>
              <Checkbox>{t('inventory.filters.lowStockOnly')}</Checkbox>
            </Form.Item>
            <Form.Item name="out_of_stock_only" valuePropName="checked" style={{ marginBottom: 12 }}>
              <Checkbox>{t('inventory.filters.outOfStockOnly')}</Checkbox>
            </Form.Item>
          </Col>
        </Row>
        <Row justify="end" gutter={8}>
          <Col>
            <Button icon={<ClearOutlined />} onClick={onClear}>
              {t('inventory.filters.clear')}
            </Button>
          </Col>
          <Col>
            <Button type="primary" htmlType="submit" icon={<FilterOutlined />}>
              {t('inventory.filters.apply')}
            </Button>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}

/** The product name filter is free text; a suggestion fills in the product's full name. */
function ProductNameField({ value, onChange, id }: { value?: string; onChange?: (value: string) => void; id?: string }) {
  const { t } = useT();
  return (
    <ProductSearch
      id={id}
      value={value ?? ''}
      onTextChange={(text) => onChange?.(text)}
      onPick={(product) => onChange?.(product.productname)}
      placeholder={t('inventory.filters.productPlaceholder')}
      aria-label={t('inventory.filters.productName')}
    />
  );
}
