import { Tag } from 'antd';
import { LIST_ENTRIES_SHOWN } from '../../domain/constants';
import { formatINR } from '../../domain/money';
import { recordLabelFields, refNameOf, type ChoiceOption, type ResourceField, type ResourceDeclaration } from '../../domain/resource';
import { DECLARED_RESOURCES } from '../../domain/resources';
import { ActiveTag, CutText, FirstOf, formatDate, formatDateTime } from '../crud/cells';
import { Tx } from '../crud/Tx';
import { figureText } from './declared-values';
import type { ApiRecord, ColumnDeclaration } from '../resources/types';

type Column = ColumnDeclaration<ApiRecord>;

const YES_NO = ['Yes', 'No'] as const;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/**
 * What a cell shows for a field of each kind: money in rupees, a flag by its labels (Yes/No unless declared), a
 * choice by its option's tag, a reference by its record's name, a list by its first entries, a text cut or on one line.
 */
function cell(name: string, field: ResourceField): Pick<Column, 'render' | 'align'> {
  switch (field.kind) {
    case 'money':
      return { align: 'right', render: (r) => formatINR(Number(r[name])) };
    case 'decimal':
      return { align: 'right' };
    case 'integer':
      return { align: 'right', render: (r) => (r[name] as number | null)?.toLocaleString('en-IN') };
    case 'boolean': {
      const [yes, no] = field.labels ?? YES_NO;
      return { render: (r) => <ActiveTag active={!!r[name]} labels={[yes, no]} /> };
    }
    case 'date':
      return { render: (r) => <span style={NOWRAP}>{formatDate(r[name])}</span> };
    case 'datetime':
      return { render: (r) => <span style={NOWRAP}>{formatDateTime(r[name])}</span> };
    case 'choice': {
      const option = (r: ApiRecord) => field.options?.find((o) => o.value === r[name]);
      return {
        render: (r) => {
          const chosen = option(r);
          return <Tag color={chosen?.color ?? 'default'}>{chosen ? <Tx text={chosen.label} /> : (r[name] as string)}</Tag>;
        },
      };
    }
    case 'ref': {
      // The record's name as the API sends it; the declared `unknown` (ours) in the user's language.
      const unknown = field.ref?.unknown;
      return { render: (r) => (r[refNameOf(name, field)] as string | null | undefined) ?? (unknown === undefined ? undefined : <Tx text={unknown} />) };
    }
    case 'list': {
      const entries = (r: ApiRecord) => (r[name] ?? []) as string[];
      return { render: (r) => <FirstOf items={entries(r)} shown={LIST_ENTRIES_SHOWN} /> };
    }
    default:
      if (field.cut) return { render: (r) => <CutText text={r[name] as string | null} max={field.cut!} /> };
      if (field.nowrap) return { render: (r) => <span style={NOWRAP}>{r[name] as string}</span> };
      return {};
  }
}

/** What a declared resource's record is called where it is picked ('Jaipur, Rajasthan'); another resource: its label field. */
const pickedAs = (resource: string, labelField: string | readonly string[]) => {
  const target = DECLARED_RESOURCES.find((spec) => spec.name === resource);
  return target ? recordLabelFields(target) : labelField;
};

/** A reference's select: its resource's records, named as they are everywhere, by the declared value field (default the id), one or several. */
export const refOptions = ({ resource, labelField, valueField, multiple, where, translatedLabels }: NonNullable<ResourceField['ref']>) => ({
  resource,
  labelField: pickedAs(resource, labelField),
  ...(valueField && { valueField }),
  ...(multiple && { multiple }),
  ...(where && { where }),
  ...(translatedLabels && { translatedLabels }),
});

/** A choice's options as a select or a header filter lists them: value and label. */
export const choiceOptions = (options: readonly ChoiceOption[]) => options.map(({ value, label }) => ({ value, label }));

/**
 * A `filter` field's header filter: a reference picks a record, a flag one of its labels, a choice one or more of its
 * labels, a 'contains' text is typed, a 'range' date is a period of days.
 */
function columnFilter(field: ResourceField): Pick<Column, 'filter'> {
  if (!field.filter) return {};
  if (field.filter === 'range') return { filter: { options: 'range' } };
  // The API takes several of a choice's values at once (an open order is ordered or partially received).
  if (field.kind === 'choice' && field.options) return { filter: { options: choiceOptions(field.options), multiple: true } };
  if (field.kind === 'ref' && field.ref) return { filter: { options: refOptions(field.ref) } };
  if (field.kind === 'boolean') {
    const [yes, no] = field.labels ?? YES_NO;
    return {
      filter: {
        options: [
          { value: 'true', label: yes },
          { value: 'false', label: no },
        ],
      },
    };
  }
  if (field.filter === 'contains') return { filter: { options: 'text' } };
  return {};
}

/** A declared timestamp column: its date, sortable by it. */
const stampColumn = (key: 'created' | 'modified', title: string): Column => ({
  key,
  title,
  render: (r) => formatDate(r[key]),
  sort: key,
});

/** A document's lines with a `column` title: how many rows it has, then each declared total (the API's `<field>_count` and sums). */
function linesColumns(name: string, field: ResourceField): Column[] {
  const count: Column = { key: `${name}_count`, title: field.column!, align: 'right', render: (r) => figureText(r[`${name}_count`], 'integer') };
  const totals = Object.entries(field.lines?.totals ?? {}).map(([key, total]): Column => ({
    key,
    title: total.label,
    align: 'right',
    render: (r) => figureText(r[key], total.kind ?? 'decimal'),
  }));
  return [count, ...totals];
}

/** The list's columns: each field with a `column` title in declaration order, then the declared 'created' and 'modified' columns. */
export function columnsOf(spec: ResourceDeclaration): Column[] {
  // A document's number ('PO-2026-00042') is read as one word.
  const numbered = (name: string, f: ResourceField) => (spec.numbering?.field === name ? { ...f, nowrap: true } : f);
  const fields: Column[] = Object.entries(spec.fields)
    .filter(([, f]) => f.column)
    .flatMap(([name, f]) =>
      f.kind === 'lines'
        ? linesColumns(name, f)
        : [
            {
              key: name,
              title: f.column!,
              ...cell(name, numbered(name, f)),
              ...(f.sort && { sort: f.kind === 'ref' ? refNameOf(name, f) : name }),
              ...columnFilter(f),
            },
          ],
    );
  const created = spec.timestamps?.created && spec.list?.createdColumn;
  const modified = spec.timestamps?.modified && spec.list?.modifiedColumn;
  return [...fields, ...(created ? [stampColumn('created', created)] : []), ...(modified ? [stampColumn('modified', modified)] : [])];
}
