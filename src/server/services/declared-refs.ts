import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { camelOf, refNameOf, type ResourceDeclaration } from '../../domain/resource.js';

/** Tables of the declared resources by name, so a `ref` field can name the record it points at. */
export type DeclaredTables = ReadonlyMap<string, PgTable>;

/**
 * A `ref` field read through a left join on the record it points at: the record's name (`name`) is sent under `as`
 * ('city'), `q` matches it when the field is searched and `sort=<as>` orders by it when the field sorts.
 * `target`/`targetId`: the table itself, where a write checks that the record exists.
 */
export type RefJoin = {
  field: string;
  label: string;
  as: string;
  target: PgTable;
  targetId: AnyPgColumn;
  joined: PgTable;
  on: SQL;
  name: AnyPgColumn | SQL;
  /** What a record pointed at must also meet (`ref.where`), on the target table. */
  allowed?: SQL;
};

export const columnsOf = (table: PgTable) => getTableColumns(table) as Record<string, AnyPgColumn>;

export function refJoins(spec: ResourceDeclaration, column: (field: string) => AnyPgColumn, tables: DeclaredTables): RefJoin[] {
  return Object.entries(spec.fields).flatMap(([field, f]) => {
    if (f.kind !== 'ref' || !f.ref) return [];
    const target = tables.get(f.ref.resource);
    if (!target) throw new Error(`${spec.name}.${field}: '${f.ref.resource}' is not a declared resource`);
    // An alias per field: two references to one table (or to the resource's own) join apart.
    const joined = alias(target, `${field}_ref`);
    const joinedColumns = columnsOf(joined);
    const named = [f.ref.labelField].flat().map((labelField) => {
      const c = joinedColumns[camelOf(labelField)];
      if (!c) throw new Error(`${spec.name}.${field}: '${f.ref!.resource}' has no field '${labelField}'`);
      return c;
    });
    const name = named.length === 1 ? named[0]! : sql`nullif(concat_ws(' ', ${sql.join(named, sql`, `)}), '')`;
    const targetColumns = columnsOf(target);
    const allowed =
      f.ref.where &&
      and(
        ...Object.entries(f.ref.where).map(([key, value]) => {
          const c = targetColumns[camelOf(key)];
          if (!c) throw new Error(`${spec.name}.${field}: '${f.ref!.resource}' has no field '${key}'`);
          return eq(c, value);
        }),
      );
    return [
      {
        field,
        label: f.label,
        as: refNameOf(field, f),
        target,
        targetId: targetColumns.id!,
        joined,
        on: eq(joinedColumns.id!, column(field)),
        name,
        allowed,
      },
    ];
  });
}
