/** The rows of a raw `db.execute(sql...)` result: node-postgres and PGlite both answer `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
