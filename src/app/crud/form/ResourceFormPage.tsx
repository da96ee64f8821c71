import { Card } from 'antd';
import { Suspense } from 'react';
import { useParams } from 'react-router';
import { PageLoading } from '../../routes/PageLoading';
import type { FormMode, ResourceDeclaration } from '../../resources/types';
import { PageHeader } from '../PageHeader';
import { DeclaredForm } from './DeclaredForm';

/** The create or edit screen of a resource: its declared fields, or the form it plugs in (products). */
export function ResourceFormPage({ declaration, mode }: { declaration: ResourceDeclaration; mode: FormMode }) {
  const { id } = useParams();
  const form = declaration.form!;
  const recordId = mode === 'edit' ? id : undefined;
  return (
    <>
      <PageHeader title={form.titles[mode]} />
      <Card>
        {'component' in form ? (
          <Suspense fallback={<PageLoading />}>
            <form.component key={recordId} declaration={declaration} mode={mode} id={recordId} />
          </Suspense>
        ) : (
          <DeclaredForm key={recordId} declaration={declaration} form={form} mode={mode} id={recordId} />
        )}
      </Card>
    </>
  );
}
