// CSV files (RFC 4180) that a spreadsheet opens safely: UTF-8 with a BOM, CRLF line ends, and no
// cell can start a formula (OWASP "CSV injection").

const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r']);

export const CSV_BOM = '\uFEFF';

/** A phone number in E.164 (+ and digits): a spreadsheet can read it as a number, never run it. */
const E164 = /^\+\d{1,15}$/;

/** One cell: a formula start is defused with a quote; quotes, commas and line breaks are quoted. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (text.length > 0 && FORMULA_STARTS.has(text.charAt(0)) && !E164.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: (string | number | boolean | null | undefined)[]): string {
  return cells.map(csvCell).join(',');
}

/** The whole file: the BOM, the header, one line per row. */
export function csvDocument(header: readonly string[], rows: string[]): string {
  return `${CSV_BOM}${[header.join(','), ...rows].join('\r\n')}\r\n`;
}
