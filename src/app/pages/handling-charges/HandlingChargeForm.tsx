import { useCreate, useUpdate, useWarnAboutChange, type HttpError } from '@refinedev/core';
import { Alert, Button, Col, Form, Row, Space } from 'antd';
import { useEffect, useState } from 'react';
import { DeclaredField } from '../../crud/form/DeclaredField';
import { savedMessage } from '../../crud/form/notifications';
import type { ApiRecord, DeclaredFormDeclaration, ResourceDeclaration } from '../../resources/types';

type Props = {
  declaration: ResourceDeclaration;
  /** The row being edited; null: adding a new charge. */
  editing: ApiRecord | null;
  /** Saved or cancelled: back to add mode. */
  onDone: () => void;
};

/** The add/edit form above the handling-charge table (SPEC.md section 4): Edit loads a row, Save or Cancel returns to add mode. */
export function HandlingChargeForm({ declaration, editing, onDone }: Props) {
  const declared = declaration.form as DeclaredFormDeclaration;
  const mode = editing ? 'edit' : 'create';
  const schema = declared.schemas[mode];
  const [form] = Form.useForm();
  const [error, setError] = useState<string | null>(null);
  const { setWarnWhen } = useWarnAboutChange();
  const create = useCreate();
  const update = useUpdate();
  const saving = create.mutation.isPending || update.mutation.isPending;

  useEffect(() => {
    setError(null);
    form.resetFields();
    if (editing) form.setFieldsValue({ charge_type: editing.charge_type, amount: editing.amount });
  }, [editing, form]);

  const finish = () => {
    setWarnWhen(false);
    form.resetFields();
    onDone();
  };

  const submit = (values: ApiRecord) => {
    setError(null);
    const parsed = schema.safeParse(values);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please check the form.');
    const options = {
      onSuccess: finish,
      onError: (failure: HttpError) => setError(failure.message),
    };
    const common = {
      resource: declaration.name,
      values: parsed.data,
      successNotification: () => ({ type: 'success' as const, message: savedMessage('handling charge', mode) }),
      errorNotification: false as const,
    };
    if (editing) update.mutate({ ...common, id: editing.id!, mutationMode: 'pessimistic' }, options);
    else create.mutate(common, options);
  };

  return (
    <Form form={form} layout="vertical" noValidate onFinish={submit} onValuesChange={() => setWarnWhen(true)} disabled={saving}>
      {error && <Alert type="error" showIcon role="alert" message={error} style={{ marginBottom: 16 }} />}
      <Row gutter={24} align="bottom">
        {declared.fields.map((field) => (
          <Col key={field.name} xs={24} md={9}>
            <DeclaredField field={field} schema={schema} mode={mode} />
          </Col>
        ))}
        <Col xs={24} md={6}>
          <Form.Item label=" " colon={false}>
            <Space>
              <Button type="primary" htmlType="submit" loading={saving}>
                {saving ? 'Saving...' : editing ? 'Save' : 'Add Charge'}
              </Button>
              {editing && <Button onClick={finish}>Cancel</Button>}
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
