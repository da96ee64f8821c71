import { AppstoreOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { formatINR } from '../../domain/money';
import { inputSchemaOf, searchFields, type ResourceField, type ResourceSpec } from '../../domain/resource';
import { ActiveTag } from '../crud/cells';
import type { ApiRecord, ColumnDeclaration, FieldDeclaration, ResourceDeclaration } from './types';

const titleCase = (text: string) => text.replace(/\b\w/g, (c) => c.toUpperCase());

/** What a cell shows for a field of each kind: money in rupees, a flag as Yes/No, a reference by its name. */
function cell(name: string, field: ResourceField): Pick<ColumnDeclaration<ApiRecord>, 'render' | 'exportValue' | 'align'> {
  switch (field.kind) {
    case 'money':
      return { align: 'right', render: (r) => formatINR(Number(r[name])), exportValue: (r) => r[name] as number };
    case 'decimal':
      return { align: 'right' };
    case 'boolean':
      return { render: (r) => <ActiveTag active={!!r[name]} labels={['Yes', 'No']} />, exportValue: (r) => (r[name] ? 'Yes' : 'No') };
    case 'ref': {
      const label = `${name.replace(/_id$/, '')}_name`;
      return { render: (r) => r[label] as string, exportValue: (r) => r[label] as string };
    }
    default:
      return {};
  }
}

/** A `filter` field's header filter: a reference picks a record, a flag Yes or No. */
function columnFilter(name: string, field: ResourceField): Pick<ColumnDeclaration<ApiRecord>, 'filter'> {
  if (!field.filter) return {};
  if (field.kind === 'ref' && field.ref) return { filter: { options: { resource: field.ref.resource, labelField: field.ref.labelField } } };
  if (field.kind === 'boolean') return { filter: { options: [{ value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }] } };
  return {};
}

function formField(name: string, field: ResourceField): FieldDeclaration {
  return {
    name,
    label: field.label,
    placeholder: field.placeholder,
    ...(field.kind === 'money' || field.kind === 'decimal' ? { step: 0.01 } : {}),
    ...(field.kind === 'ref' && field.ref ? { input: 'select' as const, options: field.ref } : {}),
  };
}

/**
 * The SPA side of a shared declaration: sidebar item, routes, list columns, search and form fields all come
 * from the fields declared once in src/domain/resources. `overrides` plug in what a special resource does its own way.
 */
export function fromSpec(spec: ResourceSpec, overrides: Partial<ResourceDeclaration> & { icon?: ReactNode } = {}): ResourceDeclaration {
  const { icon, ...rest } = overrides;
  const fields = Object.entries(spec.fields);
  const schema = inputSchemaOf(spec);
  const title = titleCase(spec.entity.singular);
  const searched = searchFields(spec);
  return {
    name: spec.name,
    label: spec.label,
    ...(spec.menu ? { menu: { group: spec.menu, icon: icon ?? <AppstoreOutlined /> } } : {}),
    ...(spec.screens ? { routes: spec.screens } : {}),
    api: spec.path.slice(1) === spec.name ? {} : { path: spec.path.slice(1) },
    entity: { singular: spec.entity.singular, plural: spec.entity.plural },
    list: {
      title: spec.label,
      createLabel: `Add ${title}`,
      emptyText: spec.list?.emptyText ?? `No ${spec.entity.plural} found`,
      ...(searched.length
        ? { search: { placeholder: spec.list?.searchPlaceholder ?? `Search ${spec.entity.plural}`, label: (r: ApiRecord) => String(r[searched[0]!] ?? '') } }
        : {}),
      columns: fields.filter(([, f]) => f.column).map(([name, f]) => ({
        key: name, title: f.column!, ...cell(name, f), ...(f.sort && { sort: name }), ...columnFilter(name, f),
      })),
    },
    form: {
      titles: { create: `Add ${title}`, edit: `Edit ${title}` },
      schemas: { create: schema, edit: schema },
      fields: fields.map(([name, f]) => formField(name, f)),
      initialValues: Object.fromEntries(fields.flatMap(([name, f]) => {
        const empty = f.rule.safeParse(undefined);
        return empty.success && empty.data !== undefined ? [[name, empty.data]] : [];
      })),
    },
    ...rest,
  };
}
