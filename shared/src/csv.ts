// The one CSV rule every export uses: RFC 4180 fields, plus the spreadsheet formula-injection guard
// (OWASP "CSV Injection"). A cell that starts with = + - @ tab or carriage return is read as a
// formula by Excel, LibreOffice and Google Sheets, so such a text is prefixed with a single quote,
// which those programs show as plain text. Numbers cannot carry a formula and stay as they are, so
// they remain numbers in the spreadsheet.

export const CSV_LINE_END = '\r\n';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | null | undefined;

/** One field: neutralised if it could start a formula, then quoted (quotes doubled) if it must be. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ended with CRLF as RFC 4180 asks. */
export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvField).join(',') + CSV_LINE_END;
}
