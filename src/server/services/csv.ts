/**
 * RFC 4180 CSV: fields separated by commas, records by CRLF or LF, quoted fields may hold commas, quotes ("")
 * and line breaks. A byte-order mark at the start is skipped (spreadsheets write one). `line` is the record's
 * first line in the file, as an editor or a spreadsheet numbers it.
 */
export type CsvRecord = { line: number; fields: string[] };
export type CsvParse = { records: CsvRecord[]; error?: { line: number; message: string } };

export function parseCsv(text: string): CsvParse {
  const records: CsvRecord[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  const n = text.length;
  while (i < n) {
    const start = line;
    const fields: string[] = [];
    for (;;) {
      let value = '';
      if (text[i] === '"') {
        i++;
        for (;;) {
          const quote = text.indexOf('"', i);
          if (quote < 0) return { records, error: { line: start, message: 'A quoted field is never closed' } };
          value += text.slice(i, quote);
          for (let k = i; k < quote; k++) if (text[k] === '\n') line++;
          i = quote + 1;
          if (text[i] === '"') {
            value += '"';
            i++;
          } else break;
        }
        if (i < n && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') {
          return { records, error: { line, message: 'Unexpected text after a closing quote' } };
        }
      } else {
        let end = i;
        while (end < n && text[end] !== ',' && text[end] !== '\n' && text[end] !== '\r') end++;
        value = text.slice(i, end);
        i = end;
      }
      fields.push(value);
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '\r') i++;
      if (text[i] === '\n') i++;
      line++;
      break;
    }
    // A blank line (one empty field) is not a record.
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: start, fields });
  }
  return { records };
}
