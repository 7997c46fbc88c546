// Each translation engine on its own, through its real client code:
//   latency     median / p95 / max of BENCH_RUNS (30) calls per engine, language pair and text (a
//               short alert of about 120 characters, a long one of about 600), without and with a
//               glossary of three terms. DeepL, Google, the LLM engine and LibreTranslate answer from
//               their loopback fakes, directly (0 ms) and behind a loopback hop that holds each
//               request 150 ms: those figures are our client, HTTP and JSON against a fake, not the
//               vendor's speed. Apertium is the local installation (`apertium` per call), for real.
//   throughput  50 messages × the installed ones of es/pt/it/fr with Apertium (200 translations) in
//               a promise pool of 1, 2 and 4 (the product runs TRANSLATION_CONCURRENCY=4 per node):
//               wall time, translations per second, CPU of this process and of its children.
//   APY         the same through an Apertium APY server (APERTIUM_APY_URL), when `apertium-apy` is
//               installed: the bench starts one on a free loopback port and stops it afterwards
//               (BENCH_APY=false skips it).
// Nothing here leaves 127.0.0.1.
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { createApertiumProvider } from '../apps/server/src/providers/translation/apertium.js';
import { createDeepLProvider } from '../apps/server/src/providers/translation/deepl.js';
import { createGoogleProvider } from '../apps/server/src/providers/translation/google.js';
import { createLibreTranslateProvider } from '../apps/server/src/providers/translation/libretranslate.js';
import { createOpenAiProvider } from '../apps/server/src/providers/translation/openai.js';
import type {
  TGlossaryEntry,
  TLanguageCode,
  TTranslationProvider,
} from '../apps/server/src/providers/translation/types.js';
import {
  startFakeDeepL,
  startFakeGoogleTranslate,
  startFakeLibreTranslate,
  startFakeOpenAi,
} from '../apps/server/src/test/fake-translation-servers.js';
import { commandRuns, hasApertium, SENTENCES, summarize } from './lib.js';
import { treeCpuMs } from './translation-cpu.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const VENDOR_LATENCIES_MS = [0, 150];
const CONCURRENCIES = [1, 2, 4];
const TIMEOUT_MS = 30_000;
const KEY = 'bench-key';

const SHORT =
  'Main Street is closed for repairs until 6 PM tonight. Please use Oak Avenue and stay away from Riverside Park.';
const LONG = [
  'A severe thunderstorm warning is in effect for the whole county until 9 PM tonight.',
  'Main Street is closed between the river bridge and the town hall because of fallen trees and power lines.',
  'Please use Oak Avenue instead, drive slowly and do not touch any wires on the ground.',
  'Riverside Park is closed until further notice and the evening concert has been cancelled.',
  'The community center on Oak Avenue is open all night as a shelter, with water, blankets and phone chargers.',
  'Call 911 only in an emergency and check on elderly neighbors if it is safe to do so.',
].join(' ');
const TEXTS = { short: SHORT, long: LONG };
/** Three terms kept as written, as a station would keep its street names. */
const GLOSSARY: TGlossaryEntry[] = ['Oak Avenue', 'Main Street', 'Riverside Park'].map((term) => ({
  term,
  target: term,
}));
const APERTIUM_TARGETS: TLanguageCode[] = ['es', 'pt', 'fr', 'it'];

const say = (line: string) => console.log(line);

async function series(
  provider: TTranslationProvider,
  to: TLanguageCode,
  text: string,
  glossary?: TGlossaryEntry[],
) {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await provider.translate({ text, from: 'en', to, ...(glossary ? { glossary } : {}) });
    samples.push(performance.now() - start);
  }
  return summarize(samples).text;
}

/** One row per text and glossary: `| engine | pair | short, no glossary | … |`. */
async function latencyRows(label: string, provider: TTranslationProvider, targets: TLanguageCode[]) {
  for (const to of targets) {
    // Untimed first call: language lists, installed pairs, the connection.
    await provider.translate({ text: SHORT, from: 'en', to });
    const cells: string[] = [];
    for (const text of Object.values(TEXTS)) {
      cells.push(await series(provider, to, text));
      cells.push(await series(provider, to, text, GLOSSARY));
    }
    say(`| ${label} | en→${to} | ${cells.join(' | ')} |`);
  }
}

/** A loopback hop that holds every request `latencyMs` before passing it on to `target`. */
async function delayed(target: string, latencyMs: number) {
  if (!latencyMs) return { url: target, close: async () => {} };
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      setTimeout(() => {
        const forward = http.request(
          { host: '127.0.0.1', port: upstream.port, method: req.method, path: req.url, headers: req.headers },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        forward.on('error', () => res.writeHead(502).end());
        forward.end(Buffer.concat(chunks));
      }, latencyMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ── throughput ──────────────────────────────────────────────────────────────────────────────

async function pool<T>(items: T[], concurrency: number, run: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await run(items[next++] as T);
    }),
  );
}

async function throughputRows(label: string, provider: TTranslationProvider, targets: TLanguageCode[]) {
  const jobs = Array.from({ length: 50 }, (_, i) => `${SENTENCES[i % SENTENCES.length]} (${i})`).flatMap(
    (text) => targets.map((to) => ({ text, to })),
  );
  for (const concurrency of CONCURRENCIES) {
    const cpuStart = process.cpuUsage();
    const treeStart = treeCpuMs();
    const start = performance.now();
    await pool(jobs, concurrency, (job) => provider.translate({ text: job.text, from: 'en', to: job.to }));
    const wallMs = performance.now() - start;
    const treeMs = treeCpuMs() - treeStart;
    const used = process.cpuUsage(cpuStart);
    const nodeMs = (used.user + used.system) / 1000;
    const share = (100 * treeMs) / wallMs / os.availableParallelism();
    say(
      `| ${label} | ${concurrency} | ${(wallMs / 1000).toFixed(1)} s | ${((1000 * jobs.length) / wallMs).toFixed(1)} | ${(nodeMs / 1000).toFixed(1)} s | ${((treeMs - nodeMs) / 1000).toFixed(1)} s | ${share.toFixed(0)} % | ${os.loadavg()[0]?.toFixed(2)} |`,
    );
  }
}

const THROUGHPUT_HEADER = [
  '| engine | concurrency | wall | translations/s | CPU, node | CPU, other processes | of all cores | load (1 min) |',
  '|---|---|---|---|---|---|---|---|',
];
const LATENCY_HEADER = [
  '| engine | pair | short | short + glossary | long | long + glossary |',
  '|---|---|---|---|---|---|',
];

say(
  `translation engines bench: ${RUNS} calls per cell, median / p95 / max; short ${SHORT.length} chars, long ${LONG.length} chars, glossary of ${GLOSSARY.length} terms`,
);
say(
  `${os.availableParallelism()} cores, load average at start ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

// ── vendors against their loopback fakes ────────────────────────────────────────────────────

say('');
say('Vendor engines: our client + HTTP + JSON against a LOOPBACK FAKE, not the vendor.');
const fakes = {
  deepl: await startFakeDeepL({ apiKey: KEY }),
  google: await startFakeGoogleTranslate({ apiKey: KEY }),
  openai: await startFakeOpenAi({ apiKey: KEY }),
  libretranslate: await startFakeLibreTranslate({ apiKey: KEY }),
};
for (const latencyMs of VENDOR_LATENCIES_MS) {
  say('');
  say(`fake answers after ${latencyMs} ms${latencyMs ? ' (a loopback hop holds each request)' : ''}:`);
  say(LATENCY_HEADER.join('\n'));
  const hops = {
    deepl: await delayed(fakes.deepl.url, latencyMs),
    google: await delayed(fakes.google.url, latencyMs),
    openai: await delayed(fakes.openai.url, latencyMs),
    libretranslate: await delayed(fakes.libretranslate.url, latencyMs),
  };
  const options = { timeoutMs: TIMEOUT_MS };
  const engines: [string, TTranslationProvider][] = [
    ['deepl', createDeepLProvider({ apiKey: KEY, apiUrl: hops.deepl.url }, options)],
    ['google', createGoogleProvider({ apiKey: KEY, apiUrl: hops.google.url }, options)],
    [
      'openai',
      createOpenAiProvider({ baseUrl: `${hops.openai.url}/v1`, apiKey: KEY, model: 'bench' }, options),
    ],
    ['libretranslate', createLibreTranslateProvider({ url: hops.libretranslate.url, apiKey: KEY }, options)],
  ];
  for (const [name, provider] of engines)
    await latencyRows(`${name} (fake, ${latencyMs} ms)`, provider, ['es']);
  for (const hop of Object.values(hops)) await hop.close();
}
for (const fake of Object.values(fakes)) await fake.close();

// ── Apertium, for real ──────────────────────────────────────────────────────────────────────

async function installedTargets(provider: TTranslationProvider) {
  const targets: TLanguageCode[] = [];
  for (const to of APERTIUM_TARGETS) if (await provider.supports('en', to)) targets.push(to);
  return targets;
}

async function apertiumCase(label: string, provider: TTranslationProvider) {
  const targets = await installedTargets(provider);
  say('');
  say(`${label}: latency (en→es direct, the others through Spanish: two pipelines per call)`);
  say(LATENCY_HEADER.join('\n'));
  await latencyRows(label, provider, targets);
  say('');
  say(`${label}: throughput, 50 messages × ${targets.join('/')} (${50 * targets.length} translations)`);
  say(THROUGHPUT_HEADER.join('\n'));
  await throughputRows(label, provider, targets);
}

if (hasApertium) {
  await apertiumCase('apertium (local command)', createApertiumProvider({}, { timeoutMs: TIMEOUT_MS }));
} else {
  say('');
  say('apertium: skipped (not installed)');
}

/** Starts `apertium-apy` on a free loopback port; undefined when it is not installed or not wanted. */
async function startApy(): Promise<{ url: string; child: ChildProcess } | undefined> {
  if (process.env.BENCH_APY === 'false' || !hasApertium || !commandRuns('apertium-apy', ['-h'])) return;
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const modes = process.env.BENCH_APY_MODES ?? '/usr/share/apertium/modes';
  // Own process group, so its pipelines stop with it.
  const child = spawn('apertium-apy', ['-p', String(port), modes], { stdio: 'ignore', detached: true });
  const url = `http://127.0.0.1:${port}`;
  for (let waited = 0; waited < 30_000; waited += 200) {
    try {
      if ((await fetch(`${url}/listPairs`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('apertium-apy did not answer within 30 s');
}

const apy = await startApy();
if (apy) {
  try {
    await apertiumCase(
      'apertium (APY, APERTIUM_APY_URL)',
      createApertiumProvider({ apyUrl: apy.url }, { timeoutMs: TIMEOUT_MS }),
    );
  } finally {
    if (apy.child.pid) process.kill(-apy.child.pid, 'SIGTERM');
  }
}

say('');
say(
  `load average at the end ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
process.exit(0);
