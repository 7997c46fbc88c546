// Renders docs/modules.md: every server module (apps/server/src/modules/*), the tables it owns
// (its barrel apps/server/src/db/schema/owned/<module>.ts, decision 0031), its layer when the
// layer map exists, and one line of purpose (PURPOSES below). With --check (run by `npm run lint`)
// it fails when the page is stale, a module has no purpose, a table is owned by no barrel, or a
// barrel belongs to no module and is not listed in OUTSIDE_MODULES.
import fs from 'node:fs';
import path from 'node:path';
import { cell, finish, root, writeOrCheck } from './lib/generated-docs.mjs';

const MODULES = 'apps/server/src/modules';
const SCHEMA = 'apps/server/src/db/schema';
const OWNED = `${SCHEMA}/owned`;
const PAGE = 'docs/modules.md';

/** One line per module: what it is for. A new module needs its line here. */
const PURPOSES = {
  approvals: 'two-person approval of messages: the gate before SMS, Play and schedules (decision 0039)',
  audio:
    'server-side speech for "Download audio" and Settings → Voice, with fair turns between stations (decision 0034)',
  audit:
    "the station's audit log, its CSV export, and recordAudit, which writes every row (decisions 0021, 0066)",
  auth: 'sign-in, sessions, known devices, two-factor, password reset and My Account (decisions 0002, 0020, 0054)',
  billing:
    'plans, the append-only credit ledger, Stripe Payment Links and webhooks, monthly credits (decision 0011)',
  'bot-check':
    'the self-hosted ALTCHA proof of work (or Turnstile) on public forms, each solution used once (decision 0013)',
  contact: 'the contact form: stored and emailed to support',
  dashboard:
    "dashboard statistics and recent activity, read from the owners' overview services; the first-run checklist and whether it is hidden",
  delivery:
    "SMS sends: accepting one, dispatch lanes and pacing (a station's own sender and rate), quiet hours, status callbacks, rollups, restore holds (decisions 0012, 0016, 0055, 0060)",
  'dev-outbox': 'the dev outbox pages and inbound SMS simulator (DEV_TOOLS only, decision 0018)',
  health: '/healthz, /readyz and /metrics',
  inbox:
    "the two-way inbox: subscribers' texts kept per contact, translated, answered by staff, the auto-reply (decision 0040)",
  machines:
    'desktop agents: sockets, presence, Play/Stop/Export relayed to the node holding the socket (decision 0015)',
  messages:
    'messages and their translations: create, edit, review, corrections, phrasebook messages (decision 0035)',
  'public-api':
    'the public REST API v1 under /api/v1, its OpenAPI document and the Swagger UI files of /docs/api (decisions 0045, 0053, 0078)',
  'rate-limits':
    'the counters every node shares: sign-in failures, verification texts, API keys (decisions 0019, 0054)',
  registration: "the six-step signup wizard's drafts and the station it creates (decision 0005)",
  releases: 'desktop agent releases: the public list and the downloads (decision 0049)',
  schedules: "scheduled and recurring sends and plays in the station's time zone (decision 0037)",
  'send-requests':
    "a standard user's request that the admins send a message: emails to them, Decline, answered by any send (decision 0077)",
  'sms-contacts':
    'the SMS Contacts page: list, search, add, CSV import and export, through subscribers (decision 0017)',
  'sms-texts': "a station's own wording of subscriber texts per language (decision 0026)",
  station:
    'station profile, languages, message types and their translations, logo, settings, plan and credit columns',
  'station-keys': 'station API keys for integrations: scopes and per-key rate limits (decision 0045)',
  subscribers:
    'public join and unsubscribe, consent history, keywords in nine languages, inbound texts, the send audience (decisions 0007, 0026, 0027)',
  superadmin: 'the operator\'s station list, totals and "view as" (decision 0021)',
  templates: 'message templates with {fields}, translated once and used to create messages (decision 0038)',
  translation:
    "the translation queue, workers and sweeper; stations' own engines, glossary, trust and the translation memory (decisions 0008, 0033, 0050, 0059)",
  users: "staff accounts, invitations and the desktop app's per-user API keys (decision 0025)",
  verification: 'texted codes for signup, join, reset and two-factor (decision 0006)',
  weather:
    'National Weather Service alerts: zones followed, the poll, drafts and auto-send (decisions 0047, 0058)',
  webhooks:
    'outbound webhooks: endpoints, signed deliveries with retries, the delivery log (decisions 0046, 0057)',
};

/** Owners of tables that are not modules: barrel name → where the code lives. */
const OUTSIDE_MODULES = {
  outbox: ['apps/server/src/providers/outbox', 'the dev outbox of texts and emails'],
};

/** SQL names of the tables: `export const smsSends = pgTable('sms_sends', …)` in db/schema/*.ts. */
function tableNames() {
  const names = new Map();
  for (const file of fs.readdirSync(path.join(root, SCHEMA))) {
    if (!file.endsWith('.ts')) continue;
    const text = fs.readFileSync(path.join(root, SCHEMA, file), 'utf8');
    for (const match of text.matchAll(/export const (\w+)\s*=\s*pgTable\(\s*['"]([\w]+)['"]/g)) {
      names.set(match[1], match[2]);
    }
  }
  return names;
}

/** Each barrel's tables (SQL names), from its `export { … } from '../x.js'` lines. */
function ownedTables(names) {
  const owned = new Map();
  for (const file of fs.readdirSync(path.join(root, OWNED)).sort()) {
    if (!file.endsWith('.ts')) continue;
    const text = fs.readFileSync(path.join(root, OWNED, file), 'utf8');
    const tables = [];
    for (const match of text.matchAll(/export\s*\{([^}]*)\}/g)) {
      for (const name of match[1].split(',').map((part) => part.trim())) {
        if (names.has(name)) tables.push(names.get(name));
      }
    }
    owned.set(file.replace(/\.ts$/, ''), tables.sort());
  }
  return owned;
}

/**
 * The layers of the modules, lowest first, when the layer map exists
 * (apps/server/src/modules/layers.json, `{ layers: [{ name, about, modules }] }`): read by
 * .dependency-cruiser.cjs too, which refuses an import from a lower layer into a higher one.
 */
function readLayers() {
  const file = path.join(root, MODULES, 'layers.json');
  if (!fs.existsSync(file)) return null;
  const { layers } = JSON.parse(fs.readFileSync(file, 'utf8'));
  return Array.isArray(layers) ? layers : null;
}

const modules = fs
  .readdirSync(path.join(root, MODULES), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const names = tableNames();
const owned = ownedTables(names);
const layers = readLayers();
const layerOf =
  layers && new Map(layers.flatMap((layer) => layer.modules.map((module) => [module, layer.name])));
const problems = [];

for (const module of modules) {
  if (!PURPOSES[module]) problems.push(`${MODULES}/${module}: no purpose in scripts/module-map.mjs PURPOSES`);
  if (layerOf && !layerOf.has(module)) problems.push(`${MODULES}/${module}: no layer in the layer map`);
}
for (const module of Object.keys(PURPOSES)) {
  if (!modules.includes(module)) problems.push(`PURPOSES names ${module}, which is not a module`);
}
for (const barrel of owned.keys()) {
  if (!modules.includes(barrel) && !OUTSIDE_MODULES[barrel]) {
    problems.push(`${OWNED}/${barrel}.ts belongs to no module (add it to OUTSIDE_MODULES)`);
  }
}
const ownedSet = new Set([...owned.values()].flat());
for (const table of names.values()) {
  if (!ownedSet.has(table)) problems.push(`table ${table} is in no barrel of ${OWNED}`);
}

const tableCell = (tables) => (tables?.length ? tables.map((t) => `\`${t}\``).join(', ') : '—');
const out = [
  '# Server modules',
  '',
  '<!-- Generated by `node scripts/module-map.mjs`; `npm run lint` checks it. Purposes live in the script, tables in apps/server/src/db/schema/owned/. -->',
  '',
  `Every module under [\`${MODULES}/\`](../${MODULES}) and the tables it owns. A table is owned by`,
  `one module: its barrel \`${OWNED}/<module>.ts\` re-exports it, only that module's repository files`,
  "query it, and other modules call the owner's services ([decision 0031](decisions/0031-table-ownership-and-import-boundaries.md);",
  '`npm run lint:boundaries` enforces it). How a module is laid out: [conventions](conventions.md).',
  '',
  ...(layers
    ? [
        'Modules are in layers, lowest first ([`layers.json`](../apps/server/src/modules/layers.json)); a module',
        'imports modules of its own layer or lower ones, never a higher one, and no two modules import each',
        'other (`npm run lint:boundaries`, [decision 0065](decisions/0065-tables-owned-by-their-writers.md)):',
        '',
        ...layers.map((layer, rank) => `${rank + 1}. **${layer.name}**: ${layer.about}.`),
        '',
      ]
    : []),
  layerOf ? '| module | layer | what it does | owns |' : '| module | what it does | owns |',
  layerOf ? '|---|---|---|---|' : '|---|---|---|',
];
// By layer, lowest first, when there are layers; by name within a layer.
const rank = (module) => layers?.findIndex((layer) => layer.modules.includes(module)) ?? 0;
const ordered = [...modules].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
for (const module of ordered) {
  const row = [`[\`${module}\`](../${MODULES}/${module})`];
  if (layerOf) row.push(layerOf.get(module) ?? '?');
  row.push(cell(PURPOSES[module] ?? ''), tableCell(owned.get(module)));
  out.push(`| ${row.join(' | ')} |`);
}
out.push('', 'Outside the modules:', '');
for (const [barrel, [where, what]] of Object.entries(OUTSIDE_MODULES)) {
  out.push(`- [\`${where}\`](../${where}) (${what}) owns ${tableCell(owned.get(barrel))}.`);
}
out.push('', `${modules.length} modules, ${ownedSet.size} tables.`, '');
problems.push(...writeOrCheck(PAGE, out.join('\n'), 'node scripts/module-map.mjs'));
finish('module-map', problems, `${modules.length} modules and ${ownedSet.size} tables in ${PAGE}`);
