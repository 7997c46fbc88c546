// A code is one refusal (decision 0028), so it always answers with the same HTTP status: a client
// that knows the code knows the status, as in a code → status table. Read from every throw site.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_SRC, serverSourceFiles } from '../test/source-files.js';

/** Every code the server throws by name, with the statuses it is thrown with and where. */
function statusesByCode(): Map<string, Map<number, string[]>> {
  const found = new Map<string, Map<number, string[]>>();
  const note = (code: string, status: number, where: string) => {
    const statuses = found.get(code) ?? new Map<number, string[]>();
    statuses.set(status, [...(statuses.get(status) ?? []), where]);
    found.set(code, statuses);
  };
  for (const file of serverSourceFiles()) {
    const text = readFileSync(file, 'utf8');
    const where = file.slice(SERVER_SRC.length);
    for (const match of text.matchAll(/new AppError\(\s*(\d{3}),\s*['"`]([a-z0-9_]+)['"`]/g)) {
      note(match[2] as string, Number(match[1]), where);
    }
    for (const match of text.matchAll(/\bnotFound\(\s*['"`]([a-z0-9_]+)['"`]/g))
      note(match[1] as string, 404, where);
    for (const match of text.matchAll(/\bforbidden\(\s*['"`]([a-z0-9_]+)['"`]/g))
      note(match[1] as string, 403, where);
  }
  return found;
}

describe('refusal statuses', () => {
  it('answers each code with one status wherever it is thrown', () => {
    const found = statusesByCode();
    expect(found.size).toBeGreaterThan(50);
    const mixed = [...found]
      .filter(([, statuses]) => statuses.size > 1)
      .map(
        ([code, statuses]) =>
          `${code}: ${[...statuses].map(([s, at]) => `${s} (${at.join(', ')})`).join(' / ')}`,
      );
    expect(mixed).toEqual([]);
  });

  it('answers the signup refusals with the statuses the registration routes declare', () => {
    const found = statusesByCode();
    const expected = {
      registration_not_found: 404,
      registration_complete: 409,
      registration_expired: 410,
      registration_email_taken: 409,
      station_id_taken: 409,
      registration_taken_meanwhile: 409,
    };
    for (const [code, status] of Object.entries(expected)) {
      expect([...(found.get(code)?.keys() ?? [])], code).toEqual([status]);
    }
  });
});
