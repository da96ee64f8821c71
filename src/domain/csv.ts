/**
 * One CSV writer for every CSV the product produces (list exports, report downloads, the import's error report), in the
 * SPA and in the API alike.
 */
export type CsvCell = string | number | boolean | null | undefined;

/**
 * Text a spreadsheet would run as a formula (CSV injection, OWASP): a cell starting with =, +, -, @, tab or carriage
 * return gets a leading apostrophe so it stays text. A plain number written as text ('-12.50') stays a number. A text
 * that already starts with an apostrophe and a formula character gets one more, so `restoreFormula` (the import's
 * reading of a cell) gives back exactly what was exported: export → edit → import round-trips.
 */
const FORMULA = /^'*[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export const neutralizeFormula = (text: string): string => (FORMULA.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text);

/** The inverse of `neutralizeFormula`, for a cell read back from a file this product wrote (or a person edited). */
export const restoreFormula = (text: string): string => (text.startsWith("'") && FORMULA.test(text) ? text.slice(1) : text);

const SPECIAL = /[",\r\n]/;
const SPACE = /\s/;
/**
 * Quoted where it holds a quote, comma or line break, or begins or ends with white space (`/[",\r\n]|^\s|\s$/`,
 * written as three tests: `\s$` alone is tried at every position of the text, and a download tests every cell).
 */
const needsQuotes = (text: string) => SPECIAL.test(text) || SPACE.test(text.charAt(0)) || SPACE.test(text.charAt(text.length - 1));

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = neutralizeFormula(value);
  return needsQuotes(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One RFC 4180 record, CRLF-terminated. */
export const csvLine = (cells: readonly CsvCell[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** A header row, then one line per row. */
export const toCsv = (header: readonly string[], rows: readonly (readonly CsvCell[])[]): string => [header, ...rows].map(csvLine).join('');
