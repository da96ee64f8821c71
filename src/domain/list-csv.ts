import { csvCell, type CsvCell } from './csv.js';
import { refNameOf, type ResourceDeclaration, type ResourceField } from './resource.js';

/** A record as a list answer carries it (`GET /api/<path>`, JSON): what an export column reads. */
export type ListRecord = Readonly<Record<string, unknown>>;

/**
 * One column of a list's CSV export (`GET /api/<path>.csv`): its title, and its value from a record as the list sends
 * it; default the record's `key` field. Written once here, read by the API that writes the file; `key` also names the
 * answer's field the column shows, so a cost figure's column goes where the field does (a role without 'costs: see').
 */
export type ExportColumn = {
  key: string;
  title: string;
  value?: (record: ListRecord) => CsvCell;
  /** Its values are words of ours ('Yes', 'Active', a built-in role's 'Admin'): written in the download's language. */
  words?: true;
};

/** What a declaration may say of its export: other columns altogether, or a column's own title or value by its key. */
export type ExportDeclaration = {
  /** Other columns altogether (products: the import's, so export → edit → import round-trips). */
  columns?: readonly ExportColumn[];
  /** A column's own value (and key or title) where the field's is not what a person reads (users' Name: first and last name). */
  values?: Readonly<Record<string, Partial<ExportColumn>>>;
};

const YES_NO = ['Yes', 'No'] as const;

/** A field's value as the list screen names it: a flag by its labels, a reference by its record's name; else the value itself. */
function fieldColumn(name: string, field: ResourceField): ExportColumn {
  const column = { key: name, title: field.column! };
  switch (field.kind) {
    case 'boolean': {
      const [yes, no] = field.labels ?? YES_NO;
      return { ...column, value: (r) => (r[name] ? yes : no), words: true };
    }
    case 'ref':
      return { ...column, value: (r) => (r[refNameOf(name, field)] ?? field.ref?.unknown) as CsvCell };
    default:
      // A choice keeps its stored value, as an import would read it; a list is its entries joined (exportCells).
      return column;
  }
}

/** A document's lines with a `column` title: how many rows it has, then each declared total. */
const linesColumns = (name: string, field: ResourceField): ExportColumn[] => [
  { key: `${name}_count`, title: field.column! },
  ...Object.entries(field.lines?.totals ?? {}).map(([key, total]) => ({ key, title: total.label })),
];

/**
 * A declared list's CSV columns: the list's columns (each field with a `column` title in declaration order, then the
 * declared 'created' and 'modified' columns), each as the list names its value, with the declaration's `list.export`.
 */
export function exportColumnsOf(spec: ResourceDeclaration): ExportColumn[] {
  const own = spec.list?.export;
  if (own?.columns) return [...own.columns];
  const fields = Object.entries(spec.fields)
    .filter(([, f]) => f.column)
    .flatMap(([name, f]) => (f.kind === 'lines' ? linesColumns(name, f) : [fieldColumn(name, f)]));
  const stamps = (['created', 'modified'] as const).flatMap((key) => {
    const title = spec.timestamps?.[key] && spec.list?.[key === 'created' ? 'createdColumn' : 'modifiedColumn'];
    return title ? [{ key, title }] : [];
  });
  return [...fields, ...stamps].map((column) => ({ ...column, ...own?.values?.[column.key] }));
}

/** One value as a CSV cell: a list's entries joined by ', ', an instant as JSON writes it, nothing as an empty cell. */
function cellOf(value: unknown): CsvCell {
  if (Array.isArray(value)) return value.join(', ');
  if (value instanceof Date) return value.toISOString();
  if (value === null || value === undefined || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/** A record's cells under the columns (the CSV rule of src/domain/csv.ts quotes them and neutralises formulas). */
export const exportCells = (record: ListRecord, columns: readonly ExportColumn[]): CsvCell[] =>
  columns.map((column) => cellOf(column.value ? column.value(record) : record[column.key]));

/**
 * A record's CSV line under the columns, as `csvLine(exportCells(record, columns))` writes it, with each column's
 * reading worked out once: a download writes it for every row, and the per-row arrays of that pair cost as much as
 * the rest of the line. With `inLanguage`, a column of our words says them in the download's language.
 */
export function exportLineOf(columns: readonly ExportColumn[], inLanguage?: (text: string) => string): (record: ListRecord) => string {
  const reads = columns.map(({ key, value, words }) => {
    const read = value ?? ((record: ListRecord) => record[key]);
    if (!words || !inLanguage) return read;
    // A column of our words holds a few values ('Active', 'Inactive'): each is translated once, not once per row.
    const said = new Map<string, string>();
    return (record: ListRecord) => {
      const cell = read(record);
      if (typeof cell !== 'string') return cell;
      let text = said.get(cell);
      if (text === undefined) said.set(cell, (text = inLanguage(cell)));
      return text;
    };
  });
  return (record) => {
    let line = '';
    for (let i = 0; i < reads.length; i++) line += (i ? ',' : '') + csvCell(cellOf(reads[i]!(record)));
    return `${line}\r\n`;
  };
}
