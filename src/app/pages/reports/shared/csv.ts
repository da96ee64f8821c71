export type CsvCell = string | number | boolean | null | undefined;

/** Text a spreadsheet would run as a formula (CSV injection): prefixed with a quote so it stays text. */
const FORMULA = /^[=+\-@\t\r]/;

function cell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = FORMULA.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV: a header row, then one line per row, CRLF line ends. */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** Downloads CSV text; the byte-order mark makes spreadsheet programs read ₹ and Hindi names as UTF-8. */
export function downloadCsvText(filename: string, text: string): void {
  const blob = new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Chromium reads the blob after the click returns; revoked at once, a busy machine's download is lost without a
  // trace (seen in an e2e run at load 5). A minute later it has long been read (FileSaver.js waits 40 s).
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function downloadCsv(filename: string, header: string[], rows: CsvCell[][]): void {
  downloadCsvText(filename, toCsv(header, rows));
}
