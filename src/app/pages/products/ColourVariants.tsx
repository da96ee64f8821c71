import { DeleteOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Form, Input, Select, Space, Typography, type FormInstance } from 'antd';
import { useState } from 'react';
import { COLOURS } from '../../../domain/constants';
import { COLOUR_DUPLICATE_MESSAGE, COLOUR_REQUIRED_MESSAGE } from '../../../domain/schemas/product';
import { useT } from '../../i18n/use-t';
import { ImagePicker } from './ImagePicker';
import type { ColourVariantValues, ProductFormValues } from './product-payload';

const MAX_IMAGES_PER_COLOUR = 10;

type Form = FormInstance<ProductFormValues>;
/** The colour variants on the form, and the colour of one of them (SPEC.md's English name, as stored). */
const variantsOn = (form: Form) => (form.getFieldValue('colors') as ColourVariantValues[] | undefined) ?? [];
const colourOf = (form: Form, variant: number) => variantsOn(form)[variant]?.name ?? '';

/** `colour`: the colour's name as shown (translated; the stored value stays SPEC.md's English). */
function Sizes({ variant, colour }: { variant: number; colour: string }) {
  const { t } = useT();
  return (
    <Form.List name={[variant, 'sizes']}>
      {(fields, { add, remove }) => (
        <Space direction="vertical" style={{ width: '100%' }}>
          {fields.map((field, index) => (
            <Flex key={field.key} align="center" gap={8} style={{ width: 260, maxWidth: '100%' }}>
              <Form.Item name={field.name} noStyle>
                <Input
                  placeholder={t('products.colourVariants.sizeExample')}
                  aria-label={t('products.colourVariants.size', { colour, index: index + 1 })}
                  style={{ flex: 1, minWidth: 0 }}
                  maxLength={50}
                />
              </Form.Item>
              <Button
                type="text"
                icon={<MinusCircleOutlined />}
                onClick={() => remove(field.name)}
                aria-label={t('products.colourVariants.removeSize', { colour, index: index + 1 })}
              />
            </Flex>
          ))}
          <Button size="small" type="dashed" icon={<PlusOutlined />} onClick={() => add('')} aria-label={t('products.colourVariants.addSizeOf', { colour })}>
            {t('products.colourVariants.addSize')}
          </Button>
        </Space>
      )}
    </Form.List>
  );
}

/**
 * Colour variants (SPEC.md section 5): pick a colour and add it (once per colour); each variant has size
 * text boxes (empty ones are dropped on save) and its own images.
 */
export function ColourVariants({ form }: { form: Form }) {
  const { t, tx } = useT();
  const [choice, setChoice] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  // The colours' names in the user's language; the value stored is SPEC.md's English.
  const colourOptions = COLOURS.map((colour) => ({ value: colour, label: tx(colour) }));

  return (
    <Form.List name="colors">
      {(fields, { add, remove }) => {
        const addColour = () => {
          const existing = variantsOn(form);
          if (!choice) return setError(COLOUR_REQUIRED_MESSAGE);
          if (existing.some((c) => c.name === choice)) return setError(COLOUR_DUPLICATE_MESSAGE);
          setError(null);
          add({ name: choice, sizes: [''], images: [] });
          setChoice(undefined);
        };
        return (
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <Form.Item validateStatus={error ? 'error' : undefined} help={error ? tx(error) : null} style={{ marginBottom: 0 }}>
              <Space.Compact block style={{ maxWidth: 360 }}>
                <Select
                  placeholder={t('products.colourVariants.selectColour')}
                  options={colourOptions}
                  value={choice}
                  onChange={(value: string) => {
                    setChoice(value);
                    setError(null);
                  }}
                  style={{ flex: 1, minWidth: 0 }}
                  aria-label={t('products.colourVariants.colour')}
                />
                <Button icon={<PlusOutlined />} onClick={addColour}>
                  {t('products.colourVariants.addColour')}
                </Button>
              </Space.Compact>
            </Form.Item>
            {fields.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('products.colourVariants.none')} />}
            {fields.map((field) => {
              const colour = tx(colourOf(form, field.name));
              return (
                <Card
                  key={field.key}
                  size="small"
                  title={<span data-testid="colour-variant">{colour}</span>}
                  extra={
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => remove(field.name)}
                      aria-label={t('products.colourVariants.removeVariant', { colour })}
                    >
                      {t('products.colourVariants.remove')}
                    </Button>
                  }
                >
                  <Form.Item name={[field.name, 'name']} hidden>
                    <Input />
                  </Form.Item>
                  <Space align="start" size={48} wrap>
                    <div>
                      <Typography.Text strong>{t('products.colourVariants.sizes')}</Typography.Text>
                      <div style={{ marginTop: 8 }}>
                        <Sizes variant={field.name} colour={colour} />
                      </div>
                    </div>
                    <div>
                      <Typography.Text strong>{t('products.colourVariants.images')}</Typography.Text>
                      <div style={{ marginTop: 8 }}>
                        <Form.Item name={[field.name, 'images']} noStyle>
                          <ImagePicker max={MAX_IMAGES_PER_COLOUR} label={t('products.colourVariants.image', { colour })} />
                        </Form.Item>
                      </div>
                    </div>
                  </Space>
                </Card>
              );
            })}
          </Space>
        );
      }}
    </Form.List>
  );
}
