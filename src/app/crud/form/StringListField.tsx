import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Space } from 'antd';
import type { ZodType } from 'zod';
import { useT } from '../../i18n/use-t';
import { txNow } from '../texts';
import { zodMessage } from '../zod-rules';

/** `label` and `itemLabel` in the user's language. */
type Props = { name: string; label: string; itemLabel: string; schema: ZodType; required: boolean };

/** A list of text boxes with add and remove; the last one cannot be removed. The whole list is checked by its schema. */
export function StringListField({ name, label, itemLabel, schema, required }: Props) {
  const { t } = useT();
  return (
    <Form.Item label={label} required={required}>
      <Form.List
        name={name}
        rules={[
          {
            validator: async (_rule, value: unknown) => {
              const message = zodMessage(schema, value ?? []);
              if (message) throw new Error(txNow(message));
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <Space direction="vertical" style={{ width: '100%' }}>
            {fields.map((field, index) => (
              // The box shrinks with a narrow screen, so its remove button stays beside it.
              <Flex key={field.key} align="center" gap={8} style={{ maxWidth: 360 }}>
                <Form.Item name={field.name} noStyle>
                  <Input placeholder={`${itemLabel} ${index + 1}`} aria-label={`${itemLabel} ${index + 1}`} style={{ flex: 1, minWidth: 0 }} />
                </Form.Item>
                <Button
                  type="text"
                  icon={<MinusCircleOutlined />}
                  disabled={fields.length <= 1}
                  onClick={() => remove(field.name)}
                  aria-label={t('crud.form.removeItem', { item: itemLabel.toLowerCase(), number: index + 1 })}
                />
              </Flex>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')}>
              {t('crud.add', { entity: itemLabel })}
            </Button>
            <Form.ErrorList errors={errors} />
          </Space>
        )}
      </Form.List>
    </Form.Item>
  );
}
