import { useForm } from '@refinedev/antd';
import { useWarnAboutChange, type HttpError } from '@refinedev/core';
import { Alert, Button, Col, Form, Row, Space } from 'antd';
import { useEffect } from 'react';
import { DeclaredField } from '../../crud/form/DeclaredField';
import { savedMessage } from '../../crud/form/notifications';
import { useDeclaredSubmit } from '../../crud/form/use-declared-submit';
import { useT } from '../../i18n/use-t';
import type { ApiRecord, DeclaredFormDeclaration, SpaResource } from '../../resources/types';

type Props = {
  declaration: SpaResource;
  /** The row being edited; null: adding a new charge. */
  editing: ApiRecord | null;
  /** Saved or cancelled: back to add mode. */
  onDone: () => void;
};

/** The add/edit form above the handling-charge table (SPEC.md section 4), on `useForm`: Edit loads a row, Save or Cancel returns to add mode. */
export function HandlingChargeForm({ declaration, editing, onDone }: Props) {
  const { t, tx } = useT();
  const declared = declaration.form as DeclaredFormDeclaration;
  const mode = editing ? 'edit' : 'create';
  const schema = declared.schemas[mode];
  const { setWarnWhen } = useWarnAboutChange();
  const { submitError, submitWith, refused } = useDeclaredSubmit(schema);
  const { formProps, form, onFinish, mutation } = useForm<ApiRecord, HttpError, ApiRecord>({
    resource: declaration.name,
    action: mode,
    id: editing?.id,
    // The form stays on this page, and the row being edited is already loaded.
    redirect: false,
    queryOptions: { enabled: false },
    mutationMode: 'pessimistic',
    successNotification: () => ({ type: 'success', message: tx(savedMessage('handling charge', mode)) }),
    errorNotification: false,
    onMutationSuccess: () => finish(),
    onMutationError: refused,
  });
  const saving = mutation.isPending;

  useEffect(() => {
    form.resetFields();
    if (editing) form.setFieldsValue({ charge_type: editing.charge_type, amount: editing.amount });
  }, [editing, form]);

  function finish() {
    setWarnWhen(false);
    form.resetFields();
    onDone();
  }

  return (
    <Form {...formProps} layout="vertical" noValidate onFinish={submitWith(onFinish)} disabled={saving}>
      {submitError && <Alert type="error" showIcon role="alert" message={tx(submitError)} style={{ marginBottom: 16 }} />}
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
                {saving ? t('handlingCharges.form.saving') : editing ? t('buttons.save') : t('handlingCharges.form.add')}
              </Button>
              {editing && <Button onClick={finish}>{t('buttons.cancel')}</Button>}
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
