// Reading a contacts CSV: name, phone, language, types (types separated by ";").
import { parse } from 'csv-parse/sync';
import { AppError } from '../../platform/errors.js';

export type TCsvContactRow = { line: number; name: string; phone: string; language: string; types: string[] };

export const IMPORT_MAX_ROWS = 10_000;
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
const COLUMNS = ['name', 'phone', 'language', 'types'];

/** A file that is no contacts CSV: its refusal (a catalogue code) is what the route answers. */
export class CsvError extends Error {
  constructor(readonly refusal: AppError) {
    super(refusal.message);
  }
}

/** Handles a BOM, CRLF or LF, quoted fields with commas, and blank lines. */
export function parseContactsCsv(text: string): TCsvContactRow[] {
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    parsed = parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      info: true,
    }) as unknown as typeof parsed;
  } catch (error) {
    throw new CsvError(new AppError('csv_invalid', { detail: (error as Error).message }));
  }
  if (parsed.length === 0) throw new CsvError(new AppError('csv_empty'));
  const header = (parsed[0]?.record ?? []).map((h) => h.toLowerCase());
  const hasHeader = header.includes('phone');
  const index = (name: string, fallback: number) => (hasHeader ? header.indexOf(name) : fallback);
  const at = COLUMNS.map((name, i) => index(name, i));
  if (hasHeader && at[1] === -1) throw new CsvError(new AppError('csv_no_phone_column'));
  const body = hasHeader ? parsed.slice(1) : parsed;
  if (body.length > IMPORT_MAX_ROWS) {
    throw new CsvError(
      new AppError('csv_too_many_rows', {
        // Written without grouping, as the English always had them.
        rows: String(body.length),
        max_rows: String(IMPORT_MAX_ROWS),
      }),
    );
  }
  const cell = (record: string[], i: number | undefined) =>
    i === undefined || i < 0 ? '' : (record[i] ?? '').trim();
  return body.map(({ record, info }) => ({
    // The file's own line number (where the record ends), for the per-row report.
    line: info.lines,
    name: cell(record, at[0]),
    phone: cell(record, at[1]),
    language: cell(record, at[2]).toLowerCase(),
    types: cell(record, at[3])
      .split(/[;|]/)
      .map((t) => t.trim().toLowerCase())
      .filter(Boolean),
  }));
}
