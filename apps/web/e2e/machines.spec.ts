// The desktop agent end to end, as a station gets it: the Linux archive downloaded from the
// Download page, unzipped, its single executable run with a fresh API key (no Node.js involved). It
// shows up on Machines without a reload, plays and stops a message from the detail view, and
// exports audio files that are real speech.
import { type ChildProcess, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startAgent, unpackLinuxExecutable } from './agent';
import { expect, test } from './fixtures';
import { signIn } from './helpers';

const MACHINE = 'E2E Desk';

async function csrfToken(page: Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
}

/** An API key for the standard user `email`, the way an admin makes one on the Users page. */
async function issueApiKey(page: Page, email: string): Promise<string> {
  const headers = { 'x-csrf-token': await csrfToken(page) };
  const people = (await (await page.request.get('/admin/api/users')).json()) as {
    id: string;
    email: string;
  }[];
  const person = people.find((candidate) => candidate.email === email);
  const issued = await page.request.post(`/admin/api/users/${person?.id}/api-key`, { headers });
  return (await issued.json()).api_key as string;
}

let running: ChildProcess | null = null;
test.afterEach(() => {
  running?.kill('SIGTERM');
  running = null;
});

// A station of its own speaking English and Spanish, and a standard user of it (fixtures.ts).
test.use({ stationOptions: { languages: ['en', 'es'], smsEnabled: false } });

test('the downloaded Linux app joins live, plays and stops a message, exports real audio', async ({
  page,
  baseURL,
  station,
  user,
}) => {
  test.setTimeout(90_000);
  // Exported files are named after the display name made file-safe: "E2E Radio x1" → "e2e-radio-x1".
  const filePrefix = station.displayName.toLowerCase().replaceAll(' ', '-');
  const wavName = new RegExp(`^${filePrefix}_alert_\\d{4}-\\d{2}-\\d{2}_\\d{4}_en\\.wav$`);
  await signIn(page, station.admin.email, station.admin.password);
  const headers = { 'x-csrf-token': await csrfToken(page) };

  // A message in English and Spanish, long enough to still be playing when Stop is pressed.
  const title = `Shelter update ${Date.now()}`;
  const created = await page.request.post('/admin/api/messages', {
    headers,
    data: {
      title,
      original:
        'The community center on Oak Street is open as a warming shelter tonight. Bring blankets, medicine and a phone charger. Pets are welcome in carriers. Call the station if you need a ride.',
      original_language: 'en',
      target_languages: ['es'],
      message_type: 'alert',
    },
  });
  expect(created.status()).toBe(201);
  const messageId = (await created.json()).id as string;

  // The app as the admin gets it: Linux chosen on the Download page, the archive unzipped.
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'ms-e2e-agent-'));
  await page.goto('/admin/download');
  await expect(page.getByRole('combobox', { name: 'Version' })).toHaveValue('2.0.1 (Latest)');
  await page.getByRole('radio', { name: 'Linux' }).check();
  await expect(page.getByText('Message Station-2.0.1-linux-x64.zip').first()).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Message Station 2.0.1' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Message Station-2.0.1-linux-x64.zip');
  const saved = path.join(home, download.suggestedFilename());
  await download.saveAs(saved);
  const executable = unpackLinuxExecutable(saved, home);

  await page.goto('/admin/machines');
  await expect(page.getByRole('heading', { name: 'Machines', exact: true })).toBeVisible();
  const apiKey = await issueApiKey(page, user.email);
  const exportDir = path.join(home, 'exports');
  const started = startAgent({
    executable,
    baseURL: baseURL as string,
    station: station.id,
    apiKey,
    home,
    exportDir,
    machine: MACHINE,
  });
  running = started.agent;

  // The machine appears while the page is open: the clients stream, no reload.
  const row = page.getByRole('row').filter({ hasText: MACHINE });
  await expect(row, started.output()).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText('None (silent)');
  await expect(row).toContainText('EN: en-us');
  await expect(row).toContainText('2.0.1');

  // Wait for the Spanish translation (Apertium) so the machine speaks both languages.
  await expect
    .poll(
      async () => {
        const list = (await (await page.request.get('/admin/api/messages')).json()) as {
          id: string;
          translations: { translation_status: string }[];
        }[];
        return list.find((message) => message.id === messageId)?.translations[0]?.translation_status;
      },
      { timeout: 30_000 },
    )
    .toBe('completed');

  await page.goto('/admin/messages');
  await page.getByRole('row').filter({ hasText: title }).getByRole('button', { name: 'Details' }).click();
  const detail = page.getByRole('dialog', { name: title });
  // Without a machine Play says what is missing (the button stays focusable for its reason). It
  // is aria-disabled, so the click is dispatched on it rather than aimed at a modal that may
  // still be sliding in.
  await detail.getByRole('button', { name: 'Play' }).dispatchEvent('click');
  await expect(detail.getByText('Please select a machine').first()).toBeVisible();
  await detail.getByLabel('Machine').click();
  await page.getByRole('option', { name: MACHINE }).click();

  await detail.getByRole('button', { name: 'Play' }).click();
  const playing = detail.getByRole('status').filter({ hasText: `Playing on ${MACHINE}` });
  await expect(playing).toBeVisible();
  await detail.getByRole('button', { name: 'Stop' }).click();
  await expect(playing).toBeHidden();

  await detail.getByRole('button', { name: 'Export' }).click();
  await expect(detail.getByText(`Exported to ${MACHINE}: ${exportDir}`)).toBeVisible({ timeout: 30_000 });
  const wavs = fs.readdirSync(exportDir).filter((name) => name.endsWith('.wav'));
  expect(wavs.map((name) => name.replace(/^.*_/, ''))).toEqual(['en.wav', 'es.wav']);
  expect(wavs[0]).toMatch(wavName);
  for (const name of wavs) {
    const seconds = Number(execFileSync('soxi', ['-D', path.join(exportDir, name)], { encoding: 'utf8' }));
    expect(seconds).toBeGreaterThan(3);
  }

  // Without a machine: the server speaks the message and the browser saves the file.
  await detail.getByRole('tab', { name: 'Audio' }).click();
  const audio = page.waitForEvent('download');
  await detail.getByRole('button', { name: 'Download audio' }).click();
  expect((await audio).suggestedFilename()).toMatch(wavName);
  await page.keyboard.press('Escape');

  // The agent leaves: the Machines page drops it live.
  await page.goto('/admin/machines');
  await expect(row).toBeVisible();
  running.kill('SIGTERM');
  running = null;
  await expect(row).toBeHidden({ timeout: 20_000 });
  await expect(
    page.getByText('No machines currently connected. Launch the Message Station desktop app to see it here.'),
  ).toBeVisible();
});

test('a machine whose speech engine has no Spanish voice says on Machines that it skips Spanish', async ({
  page,
  baseURL,
  station,
  user,
}) => {
  test.setTimeout(60_000);
  await signIn(page, station.admin.email, station.admin.password);
  const apiKey = await issueApiKey(page, user.email);
  // espeak-ng as a computer without its Spanish voices has it: the same program, es and es-419 unlisted.
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'ms-e2e-agent-'));
  const bin = path.join(home, 'bin');
  fs.mkdirSync(bin);
  const real = execFileSync('sh', ['-c', 'command -v espeak-ng'], { encoding: 'utf8' }).trim();
  fs.writeFileSync(
    path.join(bin, 'espeak-ng'),
    `#!/bin/sh\nif [ "$1" = "--voices" ]; then "${real}" --voices | grep -v -E '^ *[0-9]+ +es(-419)? '; else exec "${real}" "$@"; fi\n`,
    { mode: 0o755 },
  );
  await page.goto('/admin/machines');
  const booth = 'E2E Booth';
  const started = startAgent({
    baseURL: baseURL as string,
    station: station.id,
    apiKey,
    home,
    exportDir: path.join(home, 'exports'),
    machine: booth,
    env: { PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` },
  });
  running = started.agent;

  const row = page.getByRole('row').filter({ hasText: booth });
  await expect(row, started.output()).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText('Skips: Spanish — no voice installed');
  await expect(row).toContainText('EN: en-us');
  await expect(row).not.toContainText('ES:');
});
