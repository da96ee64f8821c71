import { Alert, Col, Divider, Form, Input, Row, Spin, Switch } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DISCOUNT_ABOVE_MRP_MESSAGE, productSchema } from '../../../domain/schemas/product';
import { NumberField } from '../../components/NumberField';
import { FormButtons } from '../../crud/form/FormButtons';
import { EditConflictAlert } from '../../crud/form/live-edit/EditConflictAlert';
import { useLiveEditForm } from '../../crud/form/live-edit/use-live-edit-form';
import { savedMessage } from '../../crud/form/notifications';
import { messageForBox } from '../../crud/form/server-errors';
import { screenPath } from '../../crud/routes';
import { zodRules } from '../../crud/zod-rules';
import type { CustomFormProps } from '../../resources/types';
import { CategoryFields } from './CategoryFields';
import { ColourVariants } from './ColourVariants';
import { ImagePicker } from './ImagePicker';
import { toProductPayload, type ProductFormValues, type ProductPayload } from './product-payload';
import { ProductLoadError } from './ProductLoadError';
import { useCategories } from './use-categories';

const rules = (field: keyof typeof productSchema.shape) => zodRules(productSchema.shape[field]);
const PRODUCT_FIELDS = Object.keys(productSchema.shape);
/** What 'Review changes' compares after a refused save: the fields a person edits here. */
const PRODUCT_LABELS = {
  productname: 'Product Name',
  product_hindi: 'Hindi Name',
  sku: 'SKU',
  barcode: 'Barcode',
  product_keyword: 'Brand',
  product_description: 'Description',
  tracks_expiry: 'Tracks expiry',
  price: 'MRP Price (₹)',
  discount_price: 'Discount Price (₹)',
  main_image: 'Main Image',
  colors: 'Colour Variants',
} as const;
const SAVE_FAILED = { create: 'Failed to add product', edit: 'Failed to update product. Please try again.' } as const;

/** Add and edit product (SPEC.md sections 2 and 5), plugged into the generic create/edit pages by the products declaration. */
export default function ProductForm({ declaration, mode, id }: CustomFormProps) {
  const navigate = useNavigate();
  const listPath = screenPath(declaration, 'list')!;
  const categories = useCategories();
  const [submitError, setSubmitError] = useState<string | null>(null);

  const { form, formProps, onFinish, query, mutation, conflict } = useLiveEditForm<ProductFormValues, ProductFormValues>({
    resource: declaration.name,
    action: mode,
    id,
    redirect: false,
    queryOptions: { retry: false },
    mutationMeta: { errorMessage: SAVE_FAILED[mode] },
    successNotification: () => ({ type: 'success', message: savedMessage('product', mode) }),
    errorNotification: false,
    onMutationSuccess: () => navigate(listPath),
    onMutationError: (error) => setSubmitError(messageForBox(error, PRODUCT_FIELDS)),
  });

  if (mode === 'edit' && query?.isError) return <ProductLoadError error={query.error} listPath={listPath} />;
  const loading = mode === 'edit' && !!query?.isLoading;
  const saving = mutation.isPending;

  const submit = async (values: ProductFormValues) => {
    setSubmitError(null);
    const payload: ProductPayload = toProductPayload(values, categories.categories, mode);
    // A refusal is shown by onMutationError; the rejected promise must not surface as an uncaught error.
    await onFinish(payload as unknown as ProductFormValues).catch(() => undefined);
  };

  return (
    <Spin spinning={loading} tip="Loading product...">
      <Form<ProductFormValues>
        {...formProps}
        layout="vertical"
        noValidate
        initialValues={
          mode === 'create' ? { gst_rate: 0, gst_type: '', hsn_code: '', main_image: [], colors: [], tracks_expiry: false } : formProps.initialValues
        }
        onFinish={submit}
        disabled={saving || loading}
        scrollToFirstError
      >
        <EditConflictAlert conflict={conflict} labels={PRODUCT_LABELS} />
        {submitError && <Alert type="error" showIcon role="alert" message={submitError} style={{ marginBottom: 16 }} />}

        <Divider orientation="left" orientationMargin={0}>
          Category
        </Divider>
        <CategoryFields form={form} categories={categories} followPerishable={mode === 'create'} />

        <Divider orientation="left" orientationMargin={0}>
          Details
        </Divider>
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item name="productname" label="Product Name" required rules={rules('productname')}>
              <Input aria-label="Product Name" maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="product_hindi" label="Hindi Name (optional)" rules={rules('product_hindi')}>
              <Input aria-label="Hindi Name" maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="sku" label="SKU (optional)" rules={rules('sku')}>
              <Input aria-label="SKU" maxLength={64} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="barcode" label="Barcode (optional)" rules={rules('barcode')} extra="EAN-13, EAN-8 or UPC-A: scan it or type the digits">
              {/* A scanner types the digits and Enter: Enter here must not submit the form half-filled. */}
              <Input aria-label="Barcode" maxLength={13} inputMode="numeric" autoComplete="off" onPressEnter={(e) => e.preventDefault()} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="product_keyword" label="Brand" required rules={rules('product_keyword')}>
              <Input aria-label="Brand" maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="product_description" label="Description" required rules={rules('product_description')}>
              <Input.TextArea aria-label="Description" rows={3} maxLength={5000} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="tracks_expiry"
              label="Tracks expiry"
              valuePropName="checked"
              extra="Stock is received in batches with expiry dates and sold first-expiry-first-out."
            >
              <Switch aria-label="Tracks expiry" />
            </Form.Item>
          </Col>
        </Row>

        <Divider orientation="left" orientationMargin={0}>
          Pricing
        </Divider>
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item name="price" label="MRP Price (₹)" required rules={rules('price')}>
              <NumberField aria-label="MRP Price" step={0.01} placeholder="0.00" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="discount_price"
              label="Discount Price (₹)"
              required
              dependencies={['price']}
              rules={[
                ...rules('discount_price'),
                ({ getFieldValue }) => ({
                  validator: async (_rule, value: number | null) => {
                    const price = getFieldValue('price') as number | null;
                    if (typeof value === 'number' && typeof price === 'number' && value > price) throw new Error(DISCOUNT_ABOVE_MRP_MESSAGE);
                  },
                }),
              ]}
            >
              <NumberField aria-label="Discount Price" step={0.01} placeholder="0.00" />
            </Form.Item>
          </Col>
        </Row>

        <Divider orientation="left" orientationMargin={0}>
          Main Image
        </Divider>
        <Form.Item name="main_image">
          <ImagePicker max={1} label="Main image" />
        </Form.Item>

        <Divider orientation="left" orientationMargin={0}>
          Colour Variants
        </Divider>
        <ColourVariants form={form} />

        <Divider />
        <FormButtons mode={mode} saving={saving} onCancel={() => navigate(listPath)} submitLabels={{ create: 'Add Product', edit: 'Update Product' }} />
      </Form>
    </Spin>
  );
}
