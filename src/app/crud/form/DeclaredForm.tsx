import { Alert, Form, Spin } from 'antd';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n/use-t';
import type { ApiRecord, DeclaredFormDeclaration, FormMode, SpaResource } from '../../resources/types';
import { screenPath } from '../routes';
import { DeclaredFields } from './DeclaredFields';
import { FormButtons } from './FormButtons';
import { EditConflictAlert } from './live-edit/EditConflictAlert';
import { useLiveEditForm } from './live-edit/use-live-edit-form';
import { savedMessage } from './notifications';
import { useDeclaredSubmit } from './use-declared-submit';

const labelsOf = (form: DeclaredFormDeclaration) => Object.fromEntries(form.fields.map((field) => [field.name, field.label]));

type Props = { declaration: SpaResource; form: DeclaredFormDeclaration; mode: FormMode; id?: string };

/**
 * Create or edit any declared resource: fields and rules from the shared zod schema, the parsed values sent
 * (blank wards dropped, blank optional fields left out), the server's message in a red box when it refuses (a
 * field's under it, a line's in its cell), and useForm's own redirect to the list, or to the record's page where it
 * has one, with a success notification once saved. An edit keeps what the user typed when someone else saves the record
 * meanwhile (useLiveEditForm).
 */
export function DeclaredForm({ declaration, form: declared, mode, id }: Props) {
  const { t, tx } = useT();
  const navigate = useNavigate();
  const listPath = screenPath(declaration, 'list') ?? '/';
  // A record with a page of its own (a document) is shown once saved, and an edit's Cancel goes back to it, unless the declaration says the list.
  const hasPage = !!declaration.routes?.show && declared.redirect !== 'list';
  const cancelPath = (hasPage && mode === 'edit' && id !== undefined && screenPath(declaration, 'show', id)) || listPath;
  const schema = declared.schemas[mode];
  const singular = declaration.entity?.singular ?? 'record';
  const { submitError, submitWith, refused } = useDeclaredSubmit(schema);

  const { formProps, onFinish, query, mutation, conflict } = useLiveEditForm<ApiRecord, ApiRecord>({
    resource: declaration.name,
    action: mode,
    id,
    redirect: hasPage ? 'show' : 'list',
    queryOptions: { retry: false },
    successNotification: () => ({ type: 'success', message: savedMessage(singular, mode) }),
    errorNotification: false,
    onMutationError: refused,
  });

  if (mode === 'edit') {
    if (query?.isError) return <Alert type="error" showIcon role="alert" message={tx(query.error.message)} />;
    const record = query?.data?.data;
    const problem = record && declared.recordProblem?.(record);
    if (problem) return <Alert type="error" showIcon role="alert" message={tx(problem)} />;
  }
  const loading = mode === 'edit' && !!query?.isLoading;

  return (
    <Spin spinning={loading} tip={t('common.loading')}>
      <Form
        {...formProps}
        layout="vertical"
        noValidate
        initialValues={mode === 'create' ? declared.initialValues : formProps.initialValues}
        onFinish={submitWith(onFinish)}
        disabled={mutation.isPending || loading}
        scrollToFirstError
      >
        <EditConflictAlert conflict={conflict} labels={labelsOf(declared)} />
        <DeclaredFields form={declared} mode={mode} submitError={submitError} />
        <FormButtons mode={mode} saving={mutation.isPending} onCancel={() => navigate(cancelPath)} />
      </Form>
    </Spin>
  );
}
