import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { NO_FIGURE, formatINR } from '../../domain/money';
import { refNameOf, type ResourceField } from '../../domain/resource';
import { formatDate, formatDateTime } from '../crud/cells';
import { asIs, type Tx as Translate } from '../crud/texts';
import { Tx } from '../crud/Tx';
import { useT } from '../i18n/use-t';
import type { ApiRecord } from '../resources/types';

const YES_NO = ['Yes', 'No'] as const;

export const titleCase = (text: string) => text.replace(/\b\w/g, (c) => c.toUpperCase());

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

/** A figure of a kind: money in rupees, a whole number or a decimal in en-IN grouping. */
export function figureText(value: unknown, kind: 'money' | 'integer' | 'decimal'): string {
  if (isBlank(value) || !Number.isFinite(Number(value))) return NO_FIGURE;
  if (kind === 'money') return formatINR(Number(value));
  return Number(value).toLocaleString('en-IN', { maximumFractionDigits: kind === 'integer' ? 0 : 2 });
}

/**
 * One value of a field in words, as a page or a history entry says it: money in rupees, a day as '24 Nov 2026', an
 * instant on India's clock, a flag by its labels, a choice by its option's label (those two in the user's language
 * through `tx`); nothing as '—'. A reference is an id here: its record's name comes with the record (`refText`).
 */
export function valueText(field: ResourceField, value: unknown, tx: Translate = asIs): string {
  if (isBlank(value)) return NO_FIGURE;
  switch (field.kind) {
    case 'money':
    case 'integer':
    case 'decimal':
      return figureText(value, field.kind);
    case 'boolean': {
      const [yes, no] = field.labels ?? YES_NO;
      return tx(value ? yes : no);
    }
    case 'date':
      return formatDate(value) || String(value);
    case 'datetime':
      return formatDateTime(value) || String(value);
    case 'choice': {
      const label = field.options?.find((o) => o.value === value)?.label;
      return label ? tx(label) : String(value);
    }
    case 'list':
      return Array.isArray(value) ? value.join(', ') : String(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** A choice's value as its option's tag (grey unless the option has a colour). */
export function choiceTag(field: ResourceField, value: unknown): ReactNode {
  if (isBlank(value)) return NO_FIGURE;
  const option = field.options?.find((o) => o.value === value);
  return <Tag color={option?.color ?? 'default'}>{option ? <Tx text={option.label} /> : String(value)}</Tag>;
}

/** A reference by the name the API sends beside it, or the declared `unknown` (in the user's language through `tx`). */
export const refText = (name: string, field: ResourceField, record: ApiRecord, tx: Translate = asIs): string =>
  (record[refNameOf(name, field)] as string | null | undefined) ??
  (field.ref?.unknown ? tx(field.ref.unknown) : isBlank(record[name]) ? NO_FIGURE : String(record[name]));

/** A reference's record by its name, or the declared `unknown` in the user's language. */
function RefShown({ name, field, record }: { name: string; field: ResourceField; record: ApiRecord }) {
  const { tx } = useT();
  return <>{refText(name, field, record, tx)}</>;
}

/** A value in words with a flag's or a choice's label in the user's language. */
function ValueShown({ field, value }: { field: ResourceField; value: unknown }) {
  const { tx } = useT();
  return <>{valueText(field, value, tx)}</>;
}

/** What a record shows for a field: a choice as a tag, a reference by its record's name, anything else in words. */
export function fieldShown(name: string, field: ResourceField, record: ApiRecord): ReactNode {
  if (field.kind === 'choice') return choiceTag(field, record[name]);
  if (field.kind === 'ref') return <RefShown name={name} field={field} record={record} />;
  if (field.kind === 'boolean') return <ValueShown field={field} value={record[name]} />;
  return valueText(field, record[name]);
}

/** A workflow step's button: its declared label, else its name in title case ('mark_paid' → 'Mark Paid'). */
