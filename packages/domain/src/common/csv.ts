/**
 * CSV that is safe to open in a spreadsheet. A cell that begins with `=`, `+`, `-` or `@` (or a tab or
 * carriage return, which some spreadsheets skip before reading one of those) is read as a formula, so
 * text a visitor typed, such as `=HYPERLINK("http://evil","Click")`, would run in a staff member's
 * spreadsheet. Such cells get a leading apostrophe, which spreadsheets show as plain text. The text is
 * stored as typed; only exports neutralise it.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** One CSV field: neutralised, then quoted when it holds a comma, quote or line break (RFC 4180). */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? neutraliseCell(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly (string | number | boolean | null | undefined)[]): string {
  return values.map(csvField).join(',');
}
