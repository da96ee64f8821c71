import { sql, type SQL } from 'drizzle-orm';

/**
 * A row's CSV line, CRLF-ended, as `csvLine` writes these values (each as text), written by the statement itself
 * (functions/05-csv.sql): a row none of whose cells needs quoting or a formula's apostrophe is its cells joined by
 * commas; the others are written cell by cell. Selected `as line`.
 */
export function csvLineSql(values: readonly SQL[]): SQL {
  const cells = values.map((v) => sql`(${v})::text`);
  const joined = (each: (cell: SQL) => SQL, separator: string) => sql`concat_ws(${sql.raw(separator)}, ${sql.join(cells.map(each), sql`, `)})`;
  return sql`(case when csv_row_needs_care(${joined((c) => c, "E'\\x1f'")})
    then ${joined((c) => sql`csv_cell(${c})`, "','")} else ${joined((c) => sql`coalesce(${c}, '')`, "','")} end || E'\\r\\n')`;
}
