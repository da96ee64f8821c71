import { List } from '@refinedev/antd';
import { useT } from '../../i18n/use-t';
import type { SpaResource } from '../../resources/types';
import { pageTitle } from '../page-title';
import { ResourceListView } from './ResourceListView';
import { useRecordAccess } from './use-record-access';

/** The list screen of any resource with a list declaration, in Refine's `List` page with its `CreateButton`. */
export function ResourceListPage({ declaration }: { declaration: SpaResource }) {
  const { tx } = useT();
  const access = useRecordAccess(declaration.name);
  const list = declaration.list!;
  return (
    <List
      title={pageTitle(list.title)}
      resource={declaration.name}
      breadcrumb={false}
      canCreate={!!list.createLabel && !!declaration.routes?.create}
      createButtonProps={{ children: list.createLabel && tx(list.createLabel), accessControl: { enabled: true, hideIfUnauthorized: true } }}
    >
      <ResourceListView declaration={declaration} access={access} />
    </List>
  );
}
