// How quick the SMS Contacts page stays with 10,000 contacts: imports them through the real CSV
// import, then times the list, search and paging calls the page makes (through app.inject, so the
// figures include routing, validation, SQL and serialisation; not the network).
// Run: npm run bench:contacts            (embedded PGlite)
//      DATABASE_URL=postgres://… npm run bench:contacts
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.js';
import { IMPORT_MAX_ROWS } from '../apps/server/src/modules/sms-contacts/csv.js';
import { openDemoDatabase } from './demo-database.js';
import { signInDemoAdmin } from './sign-in.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
/** Calls per case (BENCH_RUNS): enough for a p99 worth the name. */
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

const { database, config } = await openDemoDatabase();
const app = await buildApp({ config, database });

const { cookies, csrf } = await signInDemoAdmin(app);

/** One import file of rows [from, to): 10,000 numbers per exchange (555, 556, …). */
function importBody(from: number, to: number) {
  const lines = ['name,phone,language,types'];
  for (let i = from; i < to; i++) {
    const exchange = 555 + Math.floor(i / 10_000);
    lines.push(
      `Person ${i},(415) ${exchange}-${String(i % 10_000).padStart(4, '0')},${i % 3 ? 'en' : 'es'},emergency;alert`,
    );
  }
  const boundary = '----bench';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(lines.join('\n')),
    Buffer.from(
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="consent_attested"\r\n\r\ntrue\r\n--${boundary}--\r\n`,
    ),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

// One request per 10,000 rows (the import's limit per file), as staff would upload them.
const importStart = performance.now();
for (let from = 0; from < ROWS; from += IMPORT_MAX_ROWS) {
  const to = Math.min(ROWS, from + IMPORT_MAX_ROWS);
  const { payload, contentType } = importBody(from, to);
  const imported = await app.inject({
    method: 'POST',
    url: '/admin/api/sms-contacts/import?dry_run=false',
    cookies,
    headers: { 'x-csrf-token': csrf, 'content-type': contentType },
    payload,
  });
  if (imported.statusCode !== 200 || imported.json().imported !== to - from) {
    throw new Error(`import failed: ${imported.body.slice(0, 500)}`);
  }
}
const importMs = performance.now() - importStart;

async function time(label: string, url: string) {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const response = await app.inject({ url, cookies });
    samples.push(performance.now() - start);
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
  }
  samples.sort((a, b) => a - b);
  const p = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]?.toFixed(1);
  console.log(
    `${label.padEnd(34)} median ${p(0.5)} ms   p95 ${p(0.95)} ms   p99 ${p(0.99)} ms   max ${samples.at(-1)?.toFixed(1)} ms`,
  );
}

console.log(
  `\n${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${ROWS.toLocaleString('en-US')} contacts (imported in ${importMs.toFixed(0)} ms, 10,000 per file)\n`,
);
await time('first page (50)', '/admin/api/sms-contacts?limit=50');
await time('page 100 (offset 4950)', '/admin/api/sms-contacts?limit=50&offset=4950');
await time('search by name "Person 42"', '/admin/api/sms-contacts?search=Person%2042');
await time('search by phone digits "5550042"', '/admin/api/sms-contacts?search=5550042');
await time('filter status=active', '/admin/api/sms-contacts?status=active&limit=50');

await app.close();
await database.close();
