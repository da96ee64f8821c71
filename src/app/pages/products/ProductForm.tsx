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
import { useT } from '../../i18n/use-t';
import type { CustomFormProps } from '../../resources/types';
import { CategoryFields } from './CategoryFields';
import { ColourVariants } from './ColourVariants';
import { ImagePicker } from './ImagePicker';
import { toProductPayload, type ProductFormValues, type ProductPayload } from './product-payload';
import { ProductLoadError } from './ProductLoadError';
import { useCategories } from './use-categories';

const rules = (field: keyof typeof productSchema.shape) => zodRules(productSchema.shape[field]);
const PRODUCT_FIELDS = Object.keys(productSchema.shape);
const SAVE_FAILED = { create: 'Failed to add product', edit: 'Failed to update product. Please try again.' } as const;

/** Add and edit product (SPEC.md sections 2 and 5), plugged into the generic create/edit pages by the products declaration. */
export default function ProductForm({ declaration, mode, id }: CustomFormProps) {
  const navigate = useNavigate();
  const { t, tx } = useT();
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
    successNotification: () => ({ type: 'success', message: tx(savedMessage('product', mode)) }),
    errorNotification: false,
    onMutationSuccess: () => navigate(listPath),
    onMutationError: (error) => setSubmitError(messageForBox(error, PRODUCT_FIELDS)),
  });

  /** What 'Review changes' compares after a refused save: the fields a person edits here. */
  const labels = {
    productname: t('products.fields.productname'),
    product_hindi: t('products.fields.hindiName'),
    sku: t('products.fields.sku'),
    barcode: t('products.fields.barcode'),
    product_keyword: t('products.fields.brand'),
    product_description: t('products.fields.description'),
    tracks_expiry: t('products.fields.tracksExpiryRule'),
    price: t('products.fields.mrpPriceRupees'),
    discount_price: t('products.fields.discountPriceRupees'),
    main_image: t('products.fields.mainImage'),
    colors: t('products.fields.colourVariants'),
  };

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
    <Spin spinning={loading} tip={t('products.form.loading')}>
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
        <EditConflictAlert conflict={conflict} labels={labels} />
        {submitError && <Alert type="error" showIcon role="alert" message={tx(submitError)} style={{ marginBottom: 16 }} />}

        <Divider orientation="left" orientationMargin={0}>
          {t('categories.entity')}
        </Divider>
        <CategoryFields form={form} categories={categories} followPerishable={mode === 'create'} />

        <Divider orientation="left" orientationMargin={0}>
          {t('products.form.details')}
        </Divider>
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item name="productname" label={t('products.fields.productname')} required rules={rules('productname')}>
              <Input aria-label={t('products.fields.productname')} maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="product_hindi" label={t('products.fields.hindiNameOptional')} rules={rules('product_hindi')}>
              <Input aria-label={t('products.fields.hindiName')} maxLength={200} lang="hi" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="sku" label={t('products.fields.skuOptional')} rules={rules('sku')}>
              <Input aria-label={t('products.fields.sku')} maxLength={64} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="barcode" label={t('products.fields.barcodeOptional')} rules={rules('barcode')} extra={t('products.form.barcodeHelp')}>
              {/* A scanner types the digits and Enter: Enter here must not submit the form half-filled. */}
              <Input aria-label={t('products.fields.barcode')} maxLength={13} inputMode="numeric" autoComplete="off" onPressEnter={(e) => e.preventDefault()} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="product_keyword" label={t('products.fields.brand')} required rules={rules('product_keyword')}>
              <Input aria-label={t('products.fields.brand')} maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="product_description" label={t('products.fields.description')} required rules={rules('product_description')}>
              <Input.TextArea aria-label={t('products.fields.description')} rows={3} maxLength={5000} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="tracks_expiry" label={t('products.fields.tracksExpiryRule')} valuePropName="checked" extra={t('products.form.tracksExpiryHelp')}>
              <Switch aria-label={t('products.fields.tracksExpiryRule')} />
            </Form.Item>
          </Col>
        </Row>

        <Divider orientation="left" orientationMargin={0}>
          {t('products.form.pricing')}
        </Divider>
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item name="price" label={t('products.fields.mrpPriceRupees')} required rules={rules('price')}>
              <NumberField aria-label={t('products.fields.mrpPrice')} step={0.01} placeholder="0.00" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="discount_price"
              label={t('products.fields.discountPriceRupees')}
              required
              dependencies={['price']}
              rules={[
                ...rules('discount_price'),
                ({ getFieldValue }) => ({
                  validator: async (_rule, value: number | null) => {
                    const price = getFieldValue('price') as number | null;
                    if (typeof value === 'number' && typeof price === 'number' && value > price) throw new Error(tx(DISCOUNT_ABOVE_MRP_MESSAGE));
                  },
                }),
              ]}
            >
              <NumberField aria-label={t('products.fields.discountPrice')} step={0.01} placeholder="0.00" />
            </Form.Item>
          </Col>
        </Row>

        <Divider orientation="left" orientationMargin={0}>
          {t('products.fields.mainImage')}
        </Divider>
        <Form.Item name="main_image">
          <ImagePicker max={1} label={t('products.images.main')} />
        </Form.Item>

        <Divider orientation="left" orientationMargin={0}>
          {t('products.fields.colourVariants')}
        </Divider>
        <ColourVariants form={form} />

        <Divider />
        <FormButtons
          mode={mode}
          saving={saving}
          onCancel={() => navigate(listPath)}
          submitLabels={{ create: t('products.list.add'), edit: t('products.form.update') }}
        />
      </Form>
    </Spin>
  );
}
