import { AppstoreOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { inputSchemaOf, recordLabelFields, searchFields, updateSchemaOf, type ResourceDeclaration } from '../../domain/resource';
import { columnsOf } from './declared-columns';
import { formField, formFieldsOf, initialValuesOf } from './declared-form';
import { showOf } from './declared-show';
import { titleCase, valueText } from './declared-values';
import type {
  ApiRecord,
  ColumnDeclaration,
  CustomFormDeclaration,
  DeclaredFormDeclaration,
  ListDeclaration,
  ResourceApi,
  SpaResource,
  SearchDeclaration,
} from '../resources/types';

/** What a search suggestion says: the declared fields' values joined by ', ' (default the first search field's). */
function suggestionOf(spec: ResourceDeclaration) {
  const shown = recordLabelFields(spec);
  return (r: ApiRecord) => shown.map((f) => String(r[f] ?? '')).join(', ');
}

/** The REST shape the data provider reads: the path where it is not the name, and the declared differences. */
function apiOf(spec: ResourceDeclaration): ResourceApi {
  const { listKey, createPath, updateMethod } = spec.api ?? {};
  return {
    ...(spec.path.slice(1) !== spec.name && { path: spec.path.slice(1) }),
    ...(listKey && { listKey }),
    ...(createPath && { createPath: createPath.slice(1) }),
    ...(updateMethod && { updateMethod }),
  };
}

/**
 * A declared resource's browser side where it adds something to what its declaration gives: the default export of
 * `src/app/resources/<name>.tsx`, found by the resource's name (src/app/declared/declared-screens.tsx). Its sidebar
 * icon and place, list parts of its own (warehouses' row buttons), what a declared column shows in its own way
 * (`cells`, by column key: users' Name from first and last name), form parts, and pages of its own.
 */
export type SpaPart = Partial<Omit<SpaResource, 'list' | 'form' | 'menu'>> & {
  icon?: ReactNode;
  /** Its place in its sidebar group (lower first); without one it follows those with one, in declaration order. */
  menuOrder?: number;
  /** List parts; `search` is merged over the declared one (users' suggestions come from /users/autocomplete). */
  list?: Partial<Omit<ListDeclaration, 'search'>> & { search?: Partial<SearchDeclaration<ApiRecord>> };
  cells?: Record<string, Partial<ColumnDeclaration<ApiRecord>>>;
  /** Columns that are no field (products' image and stock), and every column's order by key where it is not the declared one. */
  columns?: { extra?: ColumnDeclaration<ApiRecord>[]; order?: readonly string[] };
  /** Form parts, or a form component of its own (products' colour variants and images) in place of the declared fields. */
  form?: Partial<DeclaredFormDeclaration> | (Omit<CustomFormDeclaration, 'titles'> & Partial<Pick<CustomFormDeclaration, 'titles'>>);
  /** Every screen is a page of its own that reads no declared list or form (inventory's stock views): none is built. */
  ownScreens?: true;
};

/** The declared columns with the SPA's cells, then its extra columns, in `order` where given. */
function listColumns(spec: ResourceDeclaration, cells: SpaPart['cells'] = {}, { extra = [], order }: NonNullable<SpaPart['columns']> = {}) {
  const all = [...columnsOf(spec).map((column) => ({ ...column, ...cells[column.key] })), ...extra];
  if (!order) return all;
  return order.map((key) => {
    const column = all.find((c) => c.key === key);
    if (!column) throw new Error(`${spec.name}: no column '${key}' to order`);
    return column;
  });
}

/** A document may be edited and deleted only in the statuses its workflow says (absent: any record may). */
function editableOf(spec: ResourceDeclaration): ListDeclaration['editable'] {
  const [field, status] = Object.entries(spec.fields).find(([, f]) => f.workflow) ?? [];
  const editable = status?.workflow?.editable;
  return field && editable ? (record) => editable.includes(String(record[field])) : undefined;
}

/** The edit form of a document its status no longer lets change says so, in the API's words, instead of a form bound to fail. */
function lockedProblem(spec: ResourceDeclaration, editable: ListDeclaration['editable']): DeclaredFormDeclaration['recordProblem'] {
  const [field, status] = Object.entries(spec.fields).find(([, f]) => f.workflow) ?? [];
  if (!editable || !field || !status) return undefined;
  return (record) =>
    editable(record) ? null : `This ${spec.entity.singular} is ${valueText(status, record[field]).toLowerCase()}: it can no longer be changed`;
}

/**
 * The SPA side of a shared declaration: sidebar item, routes, list columns, search, form fields and a record's page
 * all come from the fields declared once in src/domain/resources. `overrides` plug in what a special resource does its own way.
 */
export function fromSpec(spec: ResourceDeclaration, overrides: SpaPart = {}): SpaResource {
  const { icon, menuOrder, list: { search, ...list } = {}, cells, columns, form, ownScreens, ...rest } = overrides;
  const fields = formFieldsOf(spec);
  const title = titleCase(spec.entity.singular);
  const titles = { create: `Add ${title}`, edit: `Edit ${title}` };
  const searched = searchFields(spec);
  const registered: SpaResource = {
    name: spec.name,
    label: spec.menuLabel ?? spec.label,
    ...(spec.menu ? { menu: { group: spec.menu, icon: icon ?? <AppstoreOutlined />, ...(menuOrder !== undefined && { order: menuOrder }) } } : {}),
    ...(spec.screens ? { routes: spec.screens } : {}),
    api: apiOf(spec),
    entity: { singular: spec.entity.singular, plural: spec.entity.plural },
    ...rest,
  };
  const editable = editableOf(spec);
  if (ownScreens) return registered;
  return {
    ...(spec.screens?.show && !rest.pages?.show && { show: showOf(spec) }),
    ...registered,
    list: {
      title: spec.list?.title ?? spec.label,
      createLabel: spec.list?.createLabel ?? `Add ${title}`,
      emptyText: spec.list?.emptyText ?? `No ${spec.entity.plural} found`,
      ...(searched.length
        ? { search: { placeholder: spec.list?.searchPlaceholder ?? `Search ${spec.entity.plural}`, label: suggestionOf(spec), ...search } }
        : {}),
      columns: listColumns(spec, cells, columns),
      ...(editable && { editable }),
      ...list,
    },
    form:
      form && 'component' in form
        ? { titles, ...form }
        : {
            titles,
            schemas: { create: inputSchemaOf(spec), edit: updateSchemaOf(spec) },
            fields: fields.map(([name, f]) => formField(name, f)),
            initialValues: initialValuesOf(fields),
            ...(editable && { recordProblem: lockedProblem(spec, editable) }),
            ...form,
          },
  };
}
