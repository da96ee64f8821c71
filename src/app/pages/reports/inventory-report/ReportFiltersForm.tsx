import { BarChartOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Col, Form, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { MAX_LIST_LIMIT, MOVEMENT_TYPES } from '../../../../domain/constants';
import { isAfterBusinessToday } from '../../../components/business-time';
import { DateRangeField } from '../../../components/DateField';
import { NumberField } from '../../../components/NumberField';
import { ProductSearch } from '../../inventory/shared/ProductSearch';
import { WarehouseSelect } from '../../inventory/shared/WarehouseSelect';
import { movementLabel } from '../shared/MovementTypeTag';
import { useT } from '../../../i18n/use-t';
import type { ReportFilters } from './use-report-filters';

type Product = { product_id?: string; product_name?: string };
type FormValues = Omit<ReportFilters, 'report_type' | 'start_date' | 'end_date' | 'product_id' | 'product_name'> & { period: [Dayjs, Dayjs]; product: Product };

const toForm = (f: Omit<ReportFilters, 'report_type'>): FormValues => ({
  ...f,
  period: [dayjs(f.start_date), dayjs(f.end_date)],
  product: { product_id: f.product_id, product_name: f.product_name },
});

const fromForm = ({ period, product, ...rest }: FormValues): Omit<ReportFilters, 'report_type'> => ({
  ...rest,
  start_date: period[0].format('YYYY-MM-DD'),
  end_date: period[1].format('YYYY-MM-DD'),
  product_id: product?.product_id,
  product_name: product?.product_id ? product.product_name : undefined,
});

type Props = { applied: ReportFilters; onApply: (filters: ReportFilters) => void; onReset: () => void; loading: boolean };

/** The report's filters (SPEC.md sections 7 and 9); the report type is chosen beside the results. */
export function ReportFiltersForm({ applied, onApply, onReset, loading }: Props) {
  const [form] = Form.useForm<FormValues>();
  const { t } = useT();
  const movementOptions = MOVEMENT_TYPES.map((value) => ({ value, label: movementLabel(value, t) }));
  // The form follows the applied filters when they change (Reset, Back, a shared link), but choosing another report
  // type applies no filter: what is typed but not yet applied stays in the boxes.
  const { report_type: _type, ...appliedFilters } = applied;
  const appliedKey = JSON.stringify(appliedFilters);
  useEffect(() => {
    form.setFieldsValue(toForm(JSON.parse(appliedKey) as Omit<ReportFilters, 'report_type'>));
  }, [appliedKey, form]);

  return (
    <Card size="small" style={{ marginBottom: 16 }} className="no-print">
      <Form
        form={form}
        layout="vertical"
        initialValues={toForm(appliedFilters)}
        onFinish={(values) => onApply({ ...fromForm(values), report_type: applied.report_type })}
      >
        <Row gutter={16}>
          <Col xs={24} md={12} xl={8}>
            <Form.Item
              label={t('reports.inventoryReport.filters.period')}
              name="period"
              rules={[{ required: true, message: t('reports.inventoryReport.filters.periodRequired') }]}
            >
              <DateRangeField allowClear={false} disabledDate={isAfterBusinessToday} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={5}>
            <Form.Item label={t('reports.inventoryReport.filters.movementType')} name="movement_type">
              <Select allowClear placeholder={t('reports.inventoryReport.filters.allMovementTypes')} options={movementOptions} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item label={t('reports.columns.warehouse')} name="warehouse_id">
              <WarehouseSelect withAll scope="reports" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={5}>
            <Form.Item
              label={t('reports.inventoryReport.filters.limit')}
              name="limit"
              rules={[
                {
                  required: true,
                  type: 'integer',
                  min: 1,
                  max: MAX_LIST_LIMIT,
                  message: t('reports.inventoryReport.filters.limitMessage', { max: MAX_LIST_LIMIT }),
                },
              ]}
            >
              <NumberField integer />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item label={t('reports.columns.product')} name="product">
              <ProductField />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item label={t('reports.inventoryReport.filters.stockLevels')}>
              <Form.Item name="low_stock_only" valuePropName="checked" noStyle>
                <Checkbox>{t('reports.inventoryReport.filters.lowStockOnly')}</Checkbox>
              </Form.Item>
              <Form.Item name="out_of_stock_only" valuePropName="checked" noStyle>
                <Checkbox>{t('reports.inventoryReport.filters.outOfStockOnly')}</Checkbox>
              </Form.Item>
            </Form.Item>
          </Col>
          <Col xs={24} xl={8} style={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'flex-end', gap: 8, paddingBottom: 24 }}>
            <Button icon={<UndoOutlined />} onClick={onReset}>
              {t('reports.inventoryReport.filters.reset')}
            </Button>
            <Button type="primary" htmlType="submit" icon={<BarChartOutlined />} loading={loading}>
              {t('reports.inventoryReport.filters.generate')}
            </Button>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}

/** One product, or every product when the box is empty; typing clears the chosen product. */
function ProductField({ value, onChange, id }: { value?: Product; onChange?: (value: Product) => void; id?: string }) {
  const { t } = useT();
  return (
    <ProductSearch
      id={id}
      value={value?.product_name ?? ''}
      onTextChange={(text) => onChange?.({ product_name: text })}
      onPick={(product) => onChange?.({ product_id: product._id, product_name: product.productname })}
      placeholder={t('reports.inventoryReport.filters.allProducts')}
    />
  );
}
