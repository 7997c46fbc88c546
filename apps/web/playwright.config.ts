// End-to-end journeys in Debian's Chromium against the real server (built), on a fresh embedded
// database seeded with the demo station.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const root = fileURLToPath(new URL('../..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3100);
/** The loopback DeepL (e2e/fake-deepl.mjs) that stations' DeepL keys reach in the journeys. */
const deeplPort = Number(process.env.E2E_DEEPL_PORT ?? 3109);
/** The loopback National Weather Service (e2e/fake-nws.mjs): a journey publishes a tornado warning there. */
const nwsPort = Number(process.env.E2E_NWS_PORT ?? 3119);
// Workers load this file too; only the main process starts the server, so one folder per run.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'ms-e2e-'));
// Debian's headless shell (package chromium-headless-shell, the same Blink without the browser's
// windowing) when installed: the journeys take about 15% less CPU than in the full browser. The
// full browser otherwise; CHROMIUM_PATH picks another.
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const chromium =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** Journeys whose length is mostly waiting for the wall clock. */
const CLOCK_JOURNEYS = ['**/schedules.spec.ts'];

export default defineConfig({
  testDir: './e2e',
  outputDir: path.join(root, 'test-results'),
  fullyParallel: true,
  // Journeys spend part of their time waiting on the server (texts, speech, live updates): more
  // workers than cores fill that (30 journeys: 85 → 77 s with a third). With 52 journeys
  // (2026-11-28, two cores): 3 workers 155 s, 4 workers 138 s, 5 workers 143 s.
  workers: 4,
  // Long journeys (join, edit, pause, unsubscribe) take about 20 s on two cores; beside the agent
  // journey's speech rendering they can pass 30 s. Each now also signs up its own station first
  // (fixtures.ts), and on a busy two-core machine the longest (two-factor, Spanish staff) neared a
  // minute, so each may take a minute and a half, and a screen may take 10 s to show.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    // A failed journey keeps its trace: every action with the page's DOM before and after it, the
    // network and the console, plus a screenshot of the moment it failed. Without the trace's
    // filmstrip: recording it has the browser paint and encode frames all the time, which cost the
    // journeys about 40% of their CPU (two journeys: 57 → 38 busy core-seconds).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    // As a visitor who asked for less motion: Mantine skips its transitions (the theme respects
    // the setting), so the browser draws fewer frames (about 15% less CPU for the journeys).
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Journeys that wait on the wall clock (a schedule runs at the next minute: up to a minute of
  // waiting) are handed to a worker first, so their wait overlaps the other journeys instead of
  // being the run's last minute. Workers take tests in the order of these projects.
  projects: [
    { name: 'clock', testMatch: CLOCK_JOURNEYS },
    { name: 'journeys', testIgnore: CLOCK_JOURNEYS },
  ],
  webServer: [
    {
      command: 'node apps/web/e2e/fake-deepl.mjs',
      cwd: root,
      url: `http://127.0.0.1:${deeplPort}/healthz`,
      reuseExistingServer: false,
      timeout: 10_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_DEEPL_PORT: String(deeplPort) },
    },
    {
      command: 'node apps/web/e2e/fake-nws.mjs',
      cwd: root,
      url: `http://127.0.0.1:${nwsPort}/healthz`,
      reuseExistingServer: false,
      timeout: 10_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_NWS_PORT: String(nwsPort) },
    },
    {
      command: 'node apps/server/dist/main.js',
      cwd: root,
      url: `http://localhost:${port}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        NODE_ENV: 'test',
        // The journeys read codes from replies and the outbox, and buy through the test checkout.
        DEV_TOOLS: 'true',
        DATABASE_URL: '',
        DATA_DIR: process.env.E2E_DATA_DIR,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        // The fixtures (e2e/fixtures.ts) make stations and users through the API, each client from
        // an address of its own (X-Forwarded-For), so the per-address limits (10 signups an hour)
        // count per fixture; a journey's browser has an address of its own the same way.
        TRUST_PROXY: 'true',
        // Every journey's station is a signup: more than the service's 60 signup codes an hour
        // (decision 0054) in one run.
        CODES_SIGNUP_PER_HOUR: '1000',
        // A station's DeepL key goes to the loopback fake (the operator has no DeepL key of its own).
        DEEPL_API_URL: `http://127.0.0.1:${deeplPort}`,
        // Weather alerts come from the loopback NWS; the workers check it as often as NWS allows.
        NWS_API_URL: `http://127.0.0.1:${nwsPort}`,
        NWS_POLL_SECONDS: '30',
      },
    },
  ],
});
