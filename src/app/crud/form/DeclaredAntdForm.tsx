import { Form, type FormProps } from 'antd';
import type { ReactNode } from 'react';
import type { ApiRecord, DeclaredFormDeclaration, FormMode } from '../../resources/types';
import { DeclaredFields } from './DeclaredFields';

type Props = {
  /** useForm's form props. */
  formProps: FormProps<ApiRecord>;
  form: DeclaredFormDeclaration;
  mode: FormMode;
  onSubmit: (values: ApiRecord) => Promise<void>;
  submitError: string | null;
  disabled?: boolean;
  /** Below the fields (the buttons, where the page does not bring its own). */
  children?: ReactNode;
};

/** The antd form of a declared resource: its fields, the declared defaults on create, the record's on edit. */
export function DeclaredAntdForm({ formProps, form, mode, onSubmit, submitError, disabled, children }: Props) {
  return (
    <Form
      {...formProps}
      layout="vertical"
      noValidate
      initialValues={mode === 'create' ? form.initialValues : formProps.initialValues}
      onFinish={onSubmit}
      disabled={disabled}
      scrollToFirstError
    >
      <DeclaredFields form={form} mode={mode} submitError={submitError} />
      {children}
    </Form>
  );
}
