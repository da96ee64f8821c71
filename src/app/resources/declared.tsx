import { AppstoreOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { inputSchemaOf, recordLabelFields, ruleOf, searchFields, updateSchemaOf, type ResourceField, type ResourceSpec } from '../../domain/resource';
import { choiceOptions, columnsOf, refOptions } from './declared-columns';
import type { ApiRecord, ColumnDeclaration, CustomFormDeclaration, DeclaredFormDeclaration, FieldDeclaration, ListDeclaration, ResourceApi, ResourceDeclaration, SearchDeclaration } from './types';

const titleCase = (text: string) => text.replace(/\b\w/g, (c) => c.toUpperCase());

function formField(name: string, field: ResourceField): FieldDeclaration {
  return {
    name,
    label: field.label,
    placeholder: field.placeholder,
    ...(field.maxLength !== undefined && { maxLength: field.maxLength }),
    ...(field.inputMode && { inputMode: field.inputMode }),
    ...(field.autoComplete && { autoComplete: field.autoComplete }),
    ...(field.input && { input: field.input, ...(field.input === 'textarea' && { wide: true }) }),
    ...(field.kind === 'money' || field.kind === 'decimal' ? { step: 0.01 } : field.kind === 'integer' ? { step: 1 } : {}),
    ...(field.help && { help: field.help }),
    ...(field.kind === 'ref' && field.ref ? { input: 'select' as const, options: refOptions(field.ref) } : {}),
    ...(field.kind === 'choice' && field.options ? { input: 'select' as const, options: choiceOptions(field.options) } : {}),
    ...(field.kind === 'list' ? { itemLabel: field.itemLabel, wide: true } : {}),
  };
}

/** A new record's values: each declared `initial` or rule's default, and one empty box to type in for a list. */
function initialValuesOf(fields: [string, ResourceField][]): Record<string, unknown> {
  return Object.fromEntries(fields.flatMap(([name, f]) => {
    if (f.initial !== undefined) return [[name, f.initial]];
    if (f.kind === 'list') return [[name, ['']]];
    const empty = ruleOf(f).safeParse(undefined);
    return empty.success && empty.data !== undefined ? [[name, empty.data]] : [];
  }));
}

/** What a search suggestion says: the declared fields' values joined by ', ' (default the first search field's). */
function suggestionOf(spec: ResourceSpec) {
  const shown = recordLabelFields(spec);
  return (r: ApiRecord) => shown.map((f) => String(r[f] ?? '')).join(', ');
}

/** The REST shape the data provider reads: the path where it is not the name, and the declared differences. */
function apiOf(spec: ResourceSpec): ResourceApi {
  const { listKey, createPath, updateMethod } = spec.api ?? {};
  return {
    ...(spec.path.slice(1) !== spec.name && { path: spec.path.slice(1) }),
    ...(listKey && { listKey }),
    ...(createPath && { createPath: createPath.slice(1) }),
    ...(updateMethod && { updateMethod }),
  };
}

/**
 * What a special resource adds on the SPA: its sidebar icon, list parts of its own (warehouses' row buttons), what a
 * declared column shows in its own way (`cells`, by column key: users' Name from first and last name), form parts.
 */
type SpaOverrides = Partial<Omit<ResourceDeclaration, 'list' | 'form'>> & {
  icon?: ReactNode;
  /** List parts; `search` is merged over the declared one (users' suggestions come from /users/autocomplete). */
  list?: Partial<Omit<ListDeclaration, 'search'>> & { search?: Partial<SearchDeclaration<ApiRecord>> };
  cells?: Record<string, Partial<ColumnDeclaration<ApiRecord>>>;
  /** Columns that are no field (products' image and stock), and every column's order by key where it is not the declared one. */
  columns?: { extra?: ColumnDeclaration<ApiRecord>[]; order?: readonly string[] };
  /** Form parts, or a form component of its own (products' colour variants and images) in place of the declared fields. */
  form?: Partial<DeclaredFormDeclaration> | (Omit<CustomFormDeclaration, 'titles'> & Partial<Pick<CustomFormDeclaration, 'titles'>>);
  /** Its screens are pages of its own at the declared paths (routes/back-office-routes.tsx): no generic list or form. */
  ownScreens?: true;
};

/** The declared columns with the SPA's cells, then its extra columns, in `order` where given. */
function listColumns(spec: ResourceSpec, cells: SpaOverrides['cells'] = {}, { extra = [], order }: NonNullable<SpaOverrides['columns']> = {}) {
  const all = [...columnsOf(spec).map((column) => ({ ...column, ...cells[column.key] })), ...extra];
  if (!order) return all;
  return order.map((key) => {
    const column = all.find((c) => c.key === key);
    if (!column) throw new Error(`${spec.name}: no column '${key}' to order`);
    return column;
  });
}

/** The fields in the form's order: the declared `formOrder`, else the declaration's. */
function formFieldsOf(spec: ResourceSpec): [string, ResourceField][] {
  const order = spec.formOrder ?? Object.keys(spec.fields);
  return order.map((name) => [name, spec.fields[name]!]);
}

/**
 * The SPA side of a shared declaration: sidebar item, routes, list columns, search and form fields all come
 * from the fields declared once in src/domain/resources. `overrides` plug in what a special resource does its own way.
 */
export function fromSpec(spec: ResourceSpec, overrides: SpaOverrides = {}): ResourceDeclaration {
  const { icon, list: { search, ...list } = {}, cells, columns, form, ownScreens, ...rest } = overrides;
  const fields = formFieldsOf(spec);
  const title = titleCase(spec.entity.singular);
  const titles = { create: `Add ${title}`, edit: `Edit ${title}` };
  const searched = searchFields(spec);
  const registered: ResourceDeclaration = {
    name: spec.name,
    label: spec.menuLabel ?? spec.label,
    ...(spec.menu ? { menu: { group: spec.menu, icon: icon ?? <AppstoreOutlined /> } } : {}),
    ...(spec.screens ? { routes: spec.screens } : {}),
    api: apiOf(spec),
    entity: { singular: spec.entity.singular, plural: spec.entity.plural },
    ...rest,
  };
  if (ownScreens) return registered;
  return {
    ...registered,
    list: {
      title: spec.list?.title ?? spec.label,
      createLabel: spec.list?.createLabel ?? `Add ${title}`,
      emptyText: spec.list?.emptyText ?? `No ${spec.entity.plural} found`,
      ...(searched.length ? { search: { placeholder: spec.list?.searchPlaceholder ?? `Search ${spec.entity.plural}`, label: suggestionOf(spec), ...search } } : {}),
      columns: listColumns(spec, cells, columns),
      ...list,
    },
    form: form && 'component' in form ? { titles, ...form } : {
      titles,
      schemas: { create: inputSchemaOf(spec), edit: updateSchemaOf(spec) },
      fields: fields.map(([name, f]) => formField(name, f)),
      initialValues: initialValuesOf(fields),
      ...form,
    },
  };
}
