import { actionLabel, recordLabelFields, refNameOf, stepTargets, type ResourceField, type ResourceDeclaration } from '../../domain/resource';
import { DECLARED_RESOURCES } from '../../domain/resources';
import { formatDateTime } from '../crud/cells';
import { asIs, entityText, type Tx } from '../crud/texts';
import { fieldShown, figureText, refText, titleCase, valueText } from './declared-values';
import type { ApiRecord, ColumnDeclaration, ShowDeclaration, ShowItem, ShowLines, WorkflowDeclaration } from '../resources/types';

/** What the API records besides a document's steps. */
const RECORD_EVENTS: Record<string, string> = { created: 'Created', updated: 'Updated', deleted: 'Deleted' };

/** A lines field on the page: each row's fields (a reference by its record's name), its figures, and the document's sums. */
function showLines(name: string, field: ResourceField): ShowLines {
  const lines = field.lines!;
  const totals = Object.entries(lines.totals ?? {});
  const columns: ColumnDeclaration<ApiRecord>[] = [
    ...Object.entries(lines.fields).map(([child, f]): ColumnDeclaration<ApiRecord> => ({
      key: child,
      title: f.label,
      ...(['money', 'integer', 'decimal'].includes(f.kind) && { align: 'right' as const }),
      render: (row) => fieldShown(child, f, row),
    })),
    ...totals.map(([key, t]): ColumnDeclaration<ApiRecord> => ({
      key,
      title: t.label,
      align: 'right',
      render: (row) => figureText(row[key], t.kind ?? 'decimal'),
    })),
  ];
  return {
    key: name,
    title: field.label,
    columns,
    totals: totals.map(([key, t]) => ({ key, label: t.label, text: (r) => figureText(r[key], t.kind ?? 'decimal') })),
  };
}

function workflowOf(spec: ResourceDeclaration): WorkflowDeclaration | undefined {
  const entry = Object.entries(spec.fields).find(([, f]) => f.workflow);
  if (!entry) return undefined;
  const [field, { workflow }] = entry;
  return {
    field,
    ...(workflow!.editable && { editable: workflow!.editable }),
    steps: Object.entries(workflow!.actions).map(([name, a]) => ({
      name,
      label: actionLabel(name, a),
      from: a.from,
      to: stepTargets(a),
      ...(a.done && { done: a.done }),
      ...(a.confirm && { confirm: a.confirm }),
      ...(a.note && { note: a.note }),
    })),
  };
}

/**
 * A history entry's title: 'Created', 'Updated', or for a step what the declaration calls it done, else the one status it
 * reaches ('Submitted'; a step's own label is an order: 'Submit').
 */
function historyTitle(spec: ResourceDeclaration, workflow: WorkflowDeclaration | undefined) {
  const status = workflow && spec.fields[workflow.field]!;
  return (action: string) => {
    const step = workflow?.steps.find((s) => s.name === action);
    if (!step) return RECORD_EVENTS[action] ?? titleCase(action.replace(/[-_]/g, ' '));
    const reached = step.to.length === 1 ? status?.options?.find((o) => o.value === step.to[0])?.label : undefined;
    return step.done ?? reached ?? step.label;
  };
}

/**
 * One changed field in words: 'Price ₹120.00 → ₹110.00'. A reference's history holds ids, so it is named only where the
 * record still points at it ('Supplier → Acme Traders'). A field no longer declared is left out. Its label and the
 * values' words in the user's language through `tx`.
 */
function describeChange(spec: ResourceDeclaration) {
  return (name: string, before: unknown, after: unknown, record: ApiRecord, tx: Tx = asIs): string | null => {
    const field = spec.fields[name];
    if (!field || field.kind === 'lines' || field.kind === 'json') return null;
    if (field.kind === 'ref') {
      return record[name] === after && record[refNameOf(name, field)]
        ? `${tx(field.label)} → ${refText(name, field, record, tx)}`
        : tx(`${field.label} changed`);
    }
    return `${tx(field.label)} ${valueText(field, before, tx)} → ${valueText(field, after, tx)}`;
  };
}

/** A record's name in the heading: a document's number, else the fields that name it wherever it is picked. */
function titleOf(spec: ResourceDeclaration) {
  const title = titleCase(spec.entity.singular);
  const naming = spec.numbering ? [spec.numbering.field] : recordLabelFields(spec);
  return (record: ApiRecord, tx: Tx = asIs) =>
    [
      entityText(tx, title),
      naming
        .map((f) => record[f])
        .filter((v) => v !== null && v !== undefined && v !== '')
        .join(', '),
    ]
      .filter(Boolean)
      .join(' ');
}

/**
 * A record's page from its declaration: the header fields by their labels (the number and status included, set by the
 * server), the lines with each row's and the document's figures, the workflow's steps, the history and the related lists.
 */
export function showOf(spec: ResourceDeclaration): ShowDeclaration {
  const workflow = workflowOf(spec);
  const header = Object.entries(spec.fields).filter(([, f]) => f.kind !== 'lines' && f.kind !== 'json');
  const items: ShowItem[] = header.map(([name, f]) => ({ key: name, label: f.label, render: (r) => fieldShown(name, f, r) }));
  if (spec.timestamps?.created) items.push({ key: 'created', label: 'Created', render: (r) => formatDateTime(r.created) });
  if (spec.timestamps?.modified) items.push({ key: 'modified', label: 'Modified', render: (r) => formatDateTime(r.modified) });
  return {
    title: titleOf(spec),
    items,
    lines: Object.entries(spec.fields)
      .filter(([, f]) => f.kind === 'lines' && f.lines)
      .map(([name, f]) => showLines(name, f)),
    ...(workflow && { workflow }),
    history: { title: historyTitle(spec, workflow), change: describeChange(spec) },
    related: (spec.related ?? []).map(({ resource, field, title }) => ({
      resource,
      field,
      title: title ?? DECLARED_RESOURCES.find((r) => r.name === resource)?.label ?? titleCase(resource.replace(/[-_]/g, ' ')),
    })),
  };
}
