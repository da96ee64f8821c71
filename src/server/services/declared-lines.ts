import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { camelOf, type LinesTotal, type ResourceDeclaration } from '../../domain/resource.js';
import type { DbOrTx } from '../db/client.js';
import { linesTableOf } from '../db/resource-tables.js';
import { badRequest, isUuid } from '../http/errors.js';
import { columnsOf, refJoins, type DeclaredTables } from './declared-refs.js';

type Row = Record<string, unknown>;

/** A line's own computed figure or a document's sum of them: Σ of one column, or of the product of two (rounded to the paisa). */
function figure(columns: Record<string, AnyPgColumn>, total: LinesTotal): SQL {
  const [a, b] = total.of.map((f) => columns[camelOf(f)]!);
  const product = b ? sql`${a} * ${b}` : sql`${a}`;
  return total.kind === 'integer' ? sql`(${product})::bigint` : sql`round(${product}, 2)`;
}

/**
 * A document's `lines` field: its child table (src/server/db/declared-table.ts `linesTable`), read with each
 * reference's record name and each row's computed figures, written whole (an update replaces the rows), and summed
 * per document for the list (`<field>_count` and each declared total) in one grouped query over the page's ids.
 */
export function declaredLines(spec: ResourceDeclaration, field: string, tables: DeclaredTables) {
  const lines = spec.fields[field]!.lines!;
  const table: PgTable = linesTableOf(spec.name, field);
  const columns = columnsOf(table);
  const fields = Object.entries(lines.fields);
  const lineSpec = { ...spec, name: `${spec.name}.${field}`, fields: lines.fields } as ResourceDeclaration;
  const joins = refJoins(lineSpec, (f) => columns[camelOf(f)]!, tables);
  const totals = Object.entries(lines.totals ?? {});
  const selection = {
    row: table,
    ...Object.fromEntries(joins.map((j) => [`ref:${j.as}`, j.name])),
    ...Object.fromEntries(totals.map(([name, total]) => [`total:${name}`, figure(columns, total).mapWith(Number)])),
  };

  /** Each line as the API sends it: `_id`, its fields with each reference's record name after it, its figures. */
  const toApi = (selected: Record<string, unknown>): Row => {
    const row = selected.row as Row;
    return {
      _id: row.id,
      ...Object.fromEntries(
        fields.flatMap(([name]) => {
          const join = joins.find((j) => j.field === name);
          const value: [string, unknown] = [name, row[camelOf(name)] ?? null];
          return join ? [value, [join.as, selected[`ref:${join.as}`] ?? null]] : [value];
        }),
      ),
      ...Object.fromEntries(totals.map(([name]) => [name, selected[`total:${name}`] ?? 0])),
    };
  };

  return {
    field,
    /** The document's rows, in their order. */
    async read(db: DbOrTx, parentId: string): Promise<Row[]> {
      const query = joins.reduce((q, j) => q.leftJoin(j.joined, j.on), db.select(selection).from(table).$dynamic());
      const rows = await query.where(eq(columns.parentId!, parentId)).orderBy(asc(columns.position!));
      return rows.map(toApi);
    },

    /** Per document of a page: how many rows and each total. */
    async summaries(db: DbOrTx, parentIds: string[]): Promise<Map<string, Row>> {
      if (!parentIds.length) return new Map();
      const rows = await db
        .select({
          parent: columns.parentId!,
          n: count(),
          ...Object.fromEntries(totals.map(([name, total]) => [name, sql`coalesce(sum(${figure(columns, total)}), 0)`.mapWith(Number)])),
        })
        .from(table)
        .where(inArray(columns.parentId!, parentIds))
        .groupBy(columns.parentId!);
      return new Map(rows.map(({ parent, n, ...sums }) => [parent as string, { [`${field}_count`]: Number(n), ...sums }]));
    },

    /** An empty document's summary. */
    empty: (): Row => ({ [`${field}_count`]: 0, ...Object.fromEntries(totals.map(([name]) => [name, 0])) }),

    /** The document's rows replaced by these, in order; each reference must name a record (400 'lines.2.product_id'). */
    async write(tx: DbOrTx, parentId: string, rows: Row[]): Promise<void> {
      for (const join of joins) {
        const ids = rows.map((r, i) => [i, r[join.field]] as const).filter(([, v]) => typeof v === 'string');
        const malformed = ids.find(([, v]) => !isUuid(v));
        if (malformed) throw badRequest(`${field}.${malformed[0]}.${join.field}`, `${join.label} not found`);
        const wanted = [...new Set(ids.map(([, v]) => (v as string).toLowerCase()))];
        const found = new Set(
          wanted.length
            ? (
                await tx
                  .select({ id: join.targetId })
                  .from(join.target)
                  .where(and(inArray(join.targetId, wanted), join.allowed))
              ).map((r) => String(r.id))
            : [],
        );
        const missing = ids.find(([, v]) => !found.has((v as string).toLowerCase()));
        if (missing) throw badRequest(`${field}.${missing[0]}.${join.field}`, `${join.label} not found`);
      }
      await tx.delete(table).where(eq(columns.parentId!, parentId));
      if (!rows.length) return;
      // A read-only field the resource's code did not set keeps its column's default (a new line's received quantity: 0).
      await tx.insert(table).values(
        rows.map((r, position) => ({
          parentId,
          position,
          ...Object.fromEntries(
            fields
              .filter(([name, f]) => !(f.readOnly && r[name] === undefined))
              .map(([name]) => [
                camelOf(name),
                typeof r[name] === 'string' && lines.fields[name]!.kind === 'ref' ? (r[name] as string).toLowerCase() : (r[name] ?? null),
              ]),
          ),
        })),
      );
    },

    /** Rows of this child table pointing at a record of `resource` (a delete's check counts their documents). */
    refsTo(resource: string): { column: AnyPgColumn; parent: AnyPgColumn; table: PgTable }[] {
      return fields
        .filter(([, f]) => f.kind === 'ref' && f.ref?.resource === resource)
        .map(([name]) => ({ column: columns[camelOf(name)]!, parent: columns.parentId!, table }));
    },
  };
}

/** The declaration's lines fields (a document has one, usually). */
export const linesFieldsOf = (spec: ResourceDeclaration): string[] => Object.keys(spec.fields).filter((f) => spec.fields[f]!.kind === 'lines');
