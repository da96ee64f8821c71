import { Col, Form, Input, Row, Select, type FormInstance } from 'antd';
import { UNITS } from '../../../domain/constants';
import { productSchema } from '../../../domain/schemas/product';
import { NumberField } from '../../components/NumberField';
import { zodRules } from '../../crud/zod-rules';
import type { ProductFormValues } from './product-payload';
import type { useCategories } from './use-categories';

type Props = {
  form: FormInstance<ProductFormValues>;
  categories: ReturnType<typeof useCategories>;
  /** A new product: a perishable subcategory switches 'Tracks expiry' on (the user may switch it off again). */
  followPerishable?: boolean;
};

const UNIT_OPTIONS = UNITS.map((unit) => ({ value: unit, label: unit }));
const rules = (field: keyof typeof productSchema.shape) => zodRules(productSchema.shape[field]);

/**
 * Category → subcategory → GST (SPEC.md section 5): the subcategory and unit wait for a category; a subcategory
 * fills the read-only GST rate, type and HSN code; another category clears subcategory, unit and GST.
 */
export function CategoryFields({ form, categories, followPerishable }: Props) {
  const categoryId = Form.useWatch('category_id', form);
  const category = categories.find(categoryId);

  const chooseCategory = () => form.setFieldsValue({ subcategory_id: undefined, unit: undefined, gst_rate: 0, gst_type: '', hsn_code: '' });

  const chooseSubcategory = (subcategoryId: string) => {
    const sub = category?.subcategories.find((s) => s.subcategory_id === subcategoryId);
    form.setFieldsValue({ gst_rate: sub?.gst_rate ?? 0, gst_type: sub?.gst_type ?? '', hsn_code: sub?.hsn_code ?? '' });
    if (followPerishable) form.setFieldsValue({ tracks_expiry: sub?.perishable === true });
  };

  const subcategoryPlaceholder = categories.isLoading ? 'Loading subcategories...' : category ? 'Select a subcategory' : 'Choose a category first';

  return (
    <>
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item
            name="category_id"
            label="Category"
            required
            rules={rules('category')}
            validateStatus={categories.error ? 'error' : undefined}
            help={categories.error ?? undefined}
          >
            <Select
              showSearch
              optionFilterProp="label"
              placeholder={categories.isLoading ? 'Loading categories...' : 'Select a category'}
              loading={categories.isLoading}
              options={categories.categories.map((c) => ({ value: c.category_id, label: c.category }))}
              onChange={chooseCategory}
              aria-label="Category"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="subcategory_id" label="Subcategory" required rules={rules('subcategory')}>
            <Select
              showSearch
              optionFilterProp="label"
              placeholder={subcategoryPlaceholder}
              disabled={!category}
              loading={categories.isLoading}
              options={category?.subcategories.map((s) => ({ value: s.subcategory_id, label: s.name })) ?? []}
              onChange={chooseSubcategory}
              aria-label="Subcategory"
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={24}>
        <Col xs={24} md={8}>
          <Form.Item name="gst_rate" label="GST Rate (%)">
            <NumberField readOnly variant="filled" aria-label="GST Rate" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="gst_type" label="GST Type">
            <Input readOnly variant="filled" placeholder="From the subcategory" aria-label="GST Type" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="hsn_code" label="HSN Code">
            <Input readOnly variant="filled" placeholder="From the subcategory" aria-label="HSN Code" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item name="unit" label="Unit" required rules={rules('unit')}>
            <Select placeholder={category ? 'Select a unit' : 'Choose a category first'} disabled={!category} options={UNIT_OPTIONS} aria-label="Unit" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="unit_value" label="Unit Value" required rules={rules('unit_value')}>
            <Input placeholder="e.g. 500" aria-label="Unit Value" />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
