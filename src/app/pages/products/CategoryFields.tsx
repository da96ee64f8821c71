import { Col, Form, Input, Row, Select, type FormInstance } from 'antd';
import { UNITS } from '../../../domain/constants';
import { productSchema } from '../../../domain/schemas/product';
import { NumberField } from '../../components/NumberField';
import { zodRules } from '../../crud/zod-rules';
import { useT } from '../../i18n/use-t';
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
  const { t, tx } = useT();
  const categoryId = Form.useWatch('category_id', form);
  const category = categories.find(categoryId);

  const chooseCategory = () => form.setFieldsValue({ subcategory_id: undefined, unit: undefined, gst_rate: 0, gst_type: '', hsn_code: '' });

  const chooseSubcategory = (subcategoryId: string) => {
    const sub = category?.subcategories.find((s) => s.subcategory_id === subcategoryId);
    form.setFieldsValue({ gst_rate: sub?.gst_rate ?? 0, gst_type: sub?.gst_type ?? '', hsn_code: sub?.hsn_code ?? '' });
    if (followPerishable) form.setFieldsValue({ tracks_expiry: sub?.perishable === true });
  };

  const subcategoryPlaceholder = categories.isLoading
    ? t('products.categoryFields.loadingSubcategories')
    : category
      ? t('products.categoryFields.selectSubcategory')
      : t('products.categoryFields.chooseCategoryFirst');

  return (
    <>
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item
            name="category_id"
            label={t('categories.entity')}
            required
            rules={rules('category')}
            validateStatus={categories.error ? 'error' : undefined}
            help={categories.error ? tx(categories.error) : undefined}
          >
            <Select
              showSearch
              optionFilterProp="label"
              placeholder={categories.isLoading ? t('products.categoryFields.loadingCategories') : t('products.categoryFields.selectCategory')}
              loading={categories.isLoading}
              options={categories.categories.map((c) => ({ value: c.category_id, label: c.category }))}
              onChange={chooseCategory}
              aria-label={t('categories.entity')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="subcategory_id" label={t('categories.subcategories.entity')} required rules={rules('subcategory')}>
            <Select
              showSearch
              optionFilterProp="label"
              placeholder={subcategoryPlaceholder}
              disabled={!category}
              loading={categories.isLoading}
              options={category?.subcategories.map((s) => ({ value: s.subcategory_id, label: s.name })) ?? []}
              onChange={chooseSubcategory}
              aria-label={t('categories.subcategories.entity')}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={24}>
        <Col xs={24} md={8}>
          <Form.Item name="gst_rate" label={t('products.fields.gstRate')}>
            <NumberField readOnly variant="filled" aria-label={t('products.fields.gstRateAria')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="gst_type" label={t('products.fields.gstType')}>
            <Input readOnly variant="filled" placeholder={t('products.categoryFields.fromSubcategory')} aria-label={t('products.fields.gstType')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="hsn_code" label={t('products.fields.hsnCode')}>
            <Input readOnly variant="filled" placeholder={t('products.categoryFields.fromSubcategory')} aria-label={t('products.fields.hsnCode')} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item name="unit" label={t('products.fields.unit')} required rules={rules('unit')}>
            <Select
              placeholder={category ? t('products.categoryFields.selectUnit') : t('products.categoryFields.chooseCategoryFirst')}
              disabled={!category}
              options={UNIT_OPTIONS}
              aria-label={t('products.fields.unit')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="unit_value" label={t('products.fields.unitValue')} required rules={rules('unit_value')}>
            <Input placeholder={t('products.categoryFields.unitValueExample')} aria-label={t('products.fields.unitValue')} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
