import { toCsv, type CsvCell } from '../../../../domain/csv';

export { toCsv, type CsvCell };

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
