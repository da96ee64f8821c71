import { DeleteOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Form, Input, Select, Space, Typography, type FormInstance } from 'antd';
import { useState } from 'react';
import { COLOURS } from '../../../domain/constants';
import { COLOUR_DUPLICATE_MESSAGE, COLOUR_REQUIRED_MESSAGE } from '../../../domain/schemas/product';
import { ImagePicker } from './ImagePicker';
import type { ColourVariantValues, ProductFormValues } from './product-payload';

const COLOUR_OPTIONS = COLOURS.map((colour) => ({ value: colour, label: colour }));
const MAX_IMAGES_PER_COLOUR = 10;

function Sizes({ variant, colour }: { variant: number; colour: string }) {
  return (
    <Form.List name={[variant, 'sizes']}>
      {(fields, { add, remove }) => (
        <Space direction="vertical" style={{ width: '100%' }}>
          {fields.map((field, index) => (
            <Flex key={field.key} align="center" gap={8} style={{ width: 260, maxWidth: '100%' }}>
              <Form.Item name={field.name} noStyle>
                <Input placeholder="e.g. 500 g, M, XL" aria-label={`${colour} size ${index + 1}`} style={{ flex: 1, minWidth: 0 }} maxLength={50} />
              </Form.Item>
              <Button type="text" icon={<MinusCircleOutlined />} onClick={() => remove(field.name)} aria-label={`Remove ${colour} size ${index + 1}`} />
            </Flex>
          ))}
          <Button size="small" type="dashed" icon={<PlusOutlined />} onClick={() => add('')} aria-label={`Add ${colour} size`}>
            Add Size
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
export function ColourVariants({ form }: { form: FormInstance<ProductFormValues> }) {
  const [choice, setChoice] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);

  return (
    <Form.List name="colors">
      {(fields, { add, remove }) => {
        const addColour = () => {
          const existing = (form.getFieldValue('colors') as ColourVariantValues[] | undefined) ?? [];
          if (!choice) return setError(COLOUR_REQUIRED_MESSAGE);
          if (existing.some((c) => c.name === choice)) return setError(COLOUR_DUPLICATE_MESSAGE);
          setError(null);
          add({ name: choice, sizes: [''], images: [] });
          setChoice(undefined);
        };
        return (
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <Form.Item validateStatus={error ? 'error' : undefined} help={error} style={{ marginBottom: 0 }}>
              <Space.Compact block style={{ maxWidth: 360 }}>
                <Select
                  placeholder="Select a color"
                  options={COLOUR_OPTIONS}
                  value={choice}
                  onChange={(value: string) => {
                    setChoice(value);
                    setError(null);
                  }}
                  style={{ flex: 1, minWidth: 0 }}
                  aria-label="Color"
                />
                <Button icon={<PlusOutlined />} onClick={addColour}>
                  Add Color
                </Button>
              </Space.Compact>
            </Form.Item>
            {fields.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No colour variants" />}
            {fields.map((field) => {
              const colour = (form.getFieldValue(['colors', field.name, 'name']) as string | undefined) ?? '';
              return (
                <Card
                  key={field.key}
                  size="small"
                  title={<span data-testid="colour-variant">{colour}</span>}
                  extra={
                    <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={`Remove ${colour} variant`}>
                      Remove
                    </Button>
                  }
                >
                  <Form.Item name={[field.name, 'name']} hidden>
                    <Input />
                  </Form.Item>
                  <Space align="start" size={48} wrap>
                    <div>
                      <Typography.Text strong>Sizes</Typography.Text>
                      <div style={{ marginTop: 8 }}>
                        <Sizes variant={field.name} colour={colour} />
                      </div>
                    </div>
                    <div>
                      <Typography.Text strong>Images</Typography.Text>
                      <div style={{ marginTop: 8 }}>
                        <Form.Item name={[field.name, 'images']} noStyle>
                          <ImagePicker max={MAX_IMAGES_PER_COLOUR} label={`${colour} image`} />
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
