import { Create, Edit, useForm } from '@refinedev/antd';
import type { HttpError } from '@refinedev/core';
import { Alert } from 'antd';
import type { ApiRecord, DeclaredFormDeclaration, FormMode, ResourceDeclaration } from '../../resources/types';
import { DeclaredAntdForm } from '../form/DeclaredAntdForm';
import { savedMessage } from '../form/notifications';
import { pageTitle } from './page-title';
import { useDeclaredSubmit } from '../form/use-declared-submit';

type Props = { declaration: ResourceDeclaration; mode: FormMode };

/**
 * Create or edit a declared resource on Refine's `useForm` and its `Create`/`Edit` pages: the rules and
 * messages of the shared declaration on each field, the parsed values sent, and `useForm`'s own redirect to
 * the list once saved. The server's refusal (a duplicate name) is shown above the fields.
 */
export function DeclaredFormPage({ declaration, mode }: Props) {
  const declared = declaration.form as DeclaredFormDeclaration;
  const schema = declared.schemas[mode];
  const singular = declaration.entity?.singular ?? 'record';
  const { submitError, submitWith, refused } = useDeclaredSubmit(schema);
  const { formProps, saveButtonProps, onFinish, query, formLoading } = useForm<ApiRecord, HttpError, ApiRecord>({
    resource: declaration.name,
    action: mode,
    redirect: 'list',
    queryOptions: { retry: false },
    successNotification: () => ({ type: 'success', message: savedMessage(singular, mode) }),
    errorNotification: false,
    onMutationError: refused,
  });

  const form = (
    <DeclaredAntdForm formProps={formProps} form={declared} mode={mode} onSubmit={submitWith(onFinish)} submitError={submitError} />
  );
  const title = pageTitle(declared.titles[mode]);
  if (mode === 'create') return <Create title={title} saveButtonProps={saveButtonProps} isLoading={formLoading}>{form}</Create>;
  if (query?.isError) return <Alert type="error" showIcon role="alert" message={query.error.message} />;
  return <Edit title={title} saveButtonProps={saveButtonProps} isLoading={formLoading} canDelete={false}>{form}</Edit>;
}
