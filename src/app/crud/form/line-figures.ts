import type { LinesTotalDeclaration } from '../../resources/types';

type Row = Record<string, unknown> | undefined;

const numberOf = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
};

/** As the API computes it: a whole number for an integer figure, else rounded to the paisa. */
const rounded = (value: number, kind: LinesTotalDeclaration['kind']) => (kind === 'integer' ? Math.round(value) : Math.round(value * 100) / 100);

/** One row's figure (quantity × unit cost), or null while a factor is blank or not a number. */
export function lineFigure(row: Row, total: LinesTotalDeclaration): number | null {
  const factors = total.of.map((field) => numberOf(row?.[field]));
  if (factors.some((f) => f === null)) return null;
  return rounded(
    (factors as number[]).reduce((product, f) => product * f, 1),
    total.kind,
  );
}

/** The document's sum of a figure over the rows that have one, as the page shows it while they are typed. */
export function documentFigure(rows: readonly Row[], total: LinesTotalDeclaration): number {
  return rounded(
    rows.reduce((sum, row) => sum + (lineFigure(row, total) ?? 0), 0),
    total.kind,
  );
}
