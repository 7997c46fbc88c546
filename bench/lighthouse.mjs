// Lighthouse (mobile preset, the default) on the landing page and the demo station's join page:
// performance and accessibility scores against the production build served by our own server.
// Targets: performance ≥ 95, accessibility 100, on both pages, as the median of five runs each.
// Run: npm run build && npm run bench:lighthouse [-- http://localhost:3000]
// Starts its own server on a fresh embedded database unless a URL is given. Prints the scores and
// the metrics behind them (FCP, LCP, TBT, CLS, Speed Index) and the bytes transferred per run;
// LIGHTHOUSE_JSON_DIR=<folder> also keeps each run's full report (run-1.json …) for its audits.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { devToolsEnv } from '../scripts/dev-tools-env.mjs';
import { freePort } from './net.mjs';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const given = process.argv[2];
/** The pages measured: the landing page and a subscriber's first stop, the join page. */
const PAGES = ['/', '/join/demo'];
/** Runs of each page: Lighthouse's own advice for its run-to-run variance is the median of five. */
const RUNS = 5;
let server;
let dataDir;
let base = given?.replace(/\/$/, '');
/** The machine's load over 1, 5 and 15 minutes: the scores follow it (bench/README.md). */
function loadAverage() {
  return os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
}

if (!base) {
  const port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ms-lighthouse-'));
  server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      ...devToolsEnv(process.env),
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  base = `http://localhost:${port}`;
  // Up to 3 min: a fresh embedded database migrates first, slowly on a busy machine.
  for (let i = 0; i < 360; i++) {
    const ready = await fetch(`http://localhost:${port}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
let failing = false;
try {
  console.log(`load average ${loadAverage()} (${os.cpus().length} cores)`);
  for (const pagePath of PAGES) failing = (await measure(`${base}${pagePath}`)) || failing;
  console.log(`load average ${loadAverage()}`);
  if (failing) console.log('below the target (median performance 95, accessibility 100)');
} finally {
  await chrome.kill();
  server?.kill();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Five Lighthouse runs of one page, after one plain request (the server's first answer of a
 * subscriber page loads its renderer, about 0.1 s, once per process: not what a visitor meets);
 * prints them and answers whether the median missed the target.
 */
async function measure(url) {
  await fetch(url).then((response) => response.arrayBuffer());
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError || categories.performance.score === null) {
      // Lighthouse could not measure this load (e.g. NO_NAVSTART): no score, not a zero.
      runs.push({ failed: runtimeError?.code ?? 'no performance score' });
      continue;
    }
    runs.push({
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      fcp: audits['first-contentful-paint'].displayValue,
      lcp: audits['largest-contentful-paint'].displayValue,
      tbt: audits['total-blocking-time'].displayValue,
      cls: audits['cumulative-layout-shift'].displayValue,
      si: audits['speed-index'].displayValue,
      transferKiB: Math.round(audits['total-byte-weight'].numericValue / 1024),
    });
    if (process.env.LIGHTHOUSE_JSON_DIR) {
      const page = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
      fs.writeFileSync(
        path.join(process.env.LIGHTHOUSE_JSON_DIR, `${page}-run-${i + 1}.json`),
        result.report,
      );
    }
  }
  console.log(`Lighthouse ${url} (mobile preset, ${RUNS} runs)`);
  for (const run of runs) {
    if (run.failed) {
      console.log(`run not measured by Lighthouse: ${run.failed}`);
      continue;
    }
    console.log(
      `performance ${run.performance}  accessibility ${run.accessibility}  FCP ${run.fcp}  LCP ${run.lcp}  TBT ${run.tbt}  CLS ${run.cls}  SI ${run.si}  transfer ${run.transferKiB} KiB`,
    );
  }
  const measured = runs.filter((run) => !run.failed);
  if (measured.length === 0) return true;
  const performance = median(measured.map((run) => run.performance));
  const accessibility = median(measured.map((run) => run.accessibility));
  console.log(`median: performance ${performance}  accessibility ${accessibility}`);
  return performance < 95 || accessibility < 100;
}

function median(values) {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}
