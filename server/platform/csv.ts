/**
 * RFC 4180 CSV: CRLF line ends, a header row, fields containing a comma, quote, CR or LF quoted with quotes
 * doubled. Arrays are joined with "; ", objects written as JSON, null/undefined as empty fields.
 */

/** One value as its CSV field text (before quoting). */
export function csvText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(csvText).join('; ');
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  // Spreadsheet formula injection: a text cell starting with = + - @ tab or CR is made inert (a leading quote),
  // unless it is a plain number ("-12.5"), which spreadsheets read as a number either way.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^[+-]?\d+(\.\d+)?$/.test(text)) return `'${text}`;
  return text;
}

/** Quotes a field when RFC 4180 requires it. */
export function csvField(value: unknown): string {
  const text = csvText(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows' keys in first-seen order (`fallbackColumns` when there are no rows). */
export function csvColumns(rows: readonly Record<string, unknown>[], fallbackColumns: readonly string[] = ['id']): string[] {
  const columns: string[] = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  if (columns.length === 0) columns.push(...fallbackColumns);
  return columns;
}

/** The header line (CRLF-terminated). */
export const csvHeader = (columns: readonly string[]) => `${columns.map(csvField).join(',')}\r\n`;

/** Rows as CSV lines of these columns, each CRLF-terminated. */
export const csvRows = (rows: readonly Record<string, unknown>[], columns: readonly string[]) =>
  rows.map((row) => `${columns.map((c) => csvField(row[c])).join(',')}\r\n`).join('');

/** Rows to a CSV document; the columns are the rows' keys in first-seen order. */
export function toCsv(rows: readonly Record<string, unknown>[], fallbackColumns: readonly string[] = ['id']): string {
  const columns = csvColumns(rows, fallbackColumns);
  return csvHeader(columns) + csvRows(rows, columns);
}
