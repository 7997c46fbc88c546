// The CSV import as the browser sends it: a multipart body, consent first, then the file.
import type { TestClient } from './app.js';

export async function importContactsCsv(client: TestClient, csv: string, dryRun: boolean) {
  const form = new FormData();
  if (!dryRun) form.append('consent_attested', 'true');
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'contacts.csv');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return client.request({
    method: 'POST',
    url: `/admin/api/sms-contacts/import?dry_run=${dryRun}`,
    body: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') as string },
  });
}
