import { Create, Edit } from '@refinedev/antd';
import { Suspense } from 'react';
import { useParams } from 'react-router';
import { HistoryPanel } from '../../history/HistoryPanel';
import { PageLoading } from '../../routes/PageLoading';
import type { FormMode, SpaResource } from '../../resources/types';
import { BackTitle } from '../BackTitle';
import { pageTitle } from '../page-title';
import { DeclaredForm } from './DeclaredForm';

/**
 * The create or edit screen of a resource, in Refine's `Create`/`Edit` page: its declared fields, or the form
 * it plugs in (products). The forms carry SPEC.md's own buttons ('Add Product', 'Cancel'), so the pages' are off.
 * Under an edit form, the record's History.
 */
export function ResourceFormPage({ declaration, mode }: { declaration: SpaResource; mode: FormMode }) {
  const { id } = useParams();
  const form = declaration.form!;
  const recordId = mode === 'edit' ? id : undefined;
  const content =
    'component' in form ? (
      <Suspense fallback={<PageLoading />}>
        <form.component key={recordId} declaration={declaration} mode={mode} id={recordId} />
      </Suspense>
    ) : (
      <DeclaredForm key={recordId} declaration={declaration} form={form} mode={mode} id={recordId} />
    );
  // The form's own buttons sit under its fields (Enter submits): the page's card gets no footer row, not even an empty one.
  const page = {
    title: <BackTitle>{pageTitle(form.titles[mode])}</BackTitle>,
    goBack: false,
    resource: declaration.name,
    breadcrumb: false,
    contentProps: { actions: undefined },
  } as const;
  if (mode === 'create') return <Create {...page}>{content}</Create>;
  // A document's page tells its history (steps included): its edit form does not repeat it.
  const historyOnItsPage = !!declaration.show?.history && !!declaration.routes?.show;
  return (
    <>
      <Edit {...page} recordItemId={recordId} headerButtons={() => null}>
        {content}
      </Edit>
      {!historyOnItsPage && <HistoryPanel resource={declaration.name} id={recordId} />}
    </>
  );
}
