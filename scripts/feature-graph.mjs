#!/usr/bin/env node
// Feature import graph of the web app (apps/web/src/features/<name>/), and its forms by kind.
//
//   node scripts/feature-graph.mjs          edges between features, two-way pairs, forms by kind
//   node scripts/feature-graph.mjs --json   the same as JSON
//
// A feature may import only its own files and the shared folders (components/, api/, app/, i18n/, lib/…);
// `npm run lint:boundaries` enforces it (rule web-feature-boundaries in .dependency-cruiser.cjs,
// docs/decisions/0068-forms-widgets-and-validation-codes.md). This script measures the graph so a
// regression can be described, not only refused.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FEATURES = path.join(ROOT, 'apps/web/src/features');
const IMPORT =
  /(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function featureOf(file) {
  const relative = path.relative(FEATURES, file);
  return relative.startsWith('..') ? null : relative.split(path.sep)[0];
}

const edges = new Map(); // "from -> to" => { files: Set, testOnly: boolean }
const forms = { mantineForm: [], handRolled: [] };

for (const file of filesUnder(FEATURES)) {
  const source = fs.readFileSync(file, 'utf8');
  const from = featureOf(file);
  const isTest = /\.test\.tsx?$|test-helpers\.tsx?$/.test(file);
  for (const match of source.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2];
    if (!specifier?.startsWith('.')) continue;
    const to = featureOf(path.resolve(path.dirname(file), specifier));
    if (!to || to === from) continue;
    const key = `${from} -> ${to}`;
    const edge = edges.get(key) ?? { from, to, files: new Set(), testOnly: true };
    edge.files.add(path.relative(ROOT, file));
    edge.testOnly &&= isTest;
    edges.set(key, edge);
  }
  if (isTest || !file.endsWith('.tsx')) continue;
  const relative = path.relative(ROOT, file);
  if (/\buseForm\b/.test(source) && /@mantine\/form/.test(source)) forms.mantineForm.push(relative);
  else if (/<form\b|component="form"|onSubmit=/.test(source) && /\buseState\b/.test(source)) {
    forms.handRolled.push(relative);
  }
}

const twoWay = [...edges.values()]
  .filter((edge) => edge.from < edge.to && edges.has(`${edge.to} -> ${edge.from}`))
  .map((edge) => [edge.from, edge.to]);

if (process.argv.includes('--json')) {
  const list = [...edges.values()].map((edge) => ({ ...edge, files: [...edge.files] }));
  console.log(JSON.stringify({ edges: list, twoWay, forms }, null, 2));
} else {
  console.log(`Feature edges: ${edges.size}`);
  for (const edge of [...edges.values()].sort((a, b) => (a.from + a.to).localeCompare(b.from + b.to))) {
    console.log(
      `  ${edge.from} -> ${edge.to}${edge.testOnly ? ' (tests only)' : ''}  [${edge.files.size} files]`,
    );
  }
  console.log(`Two-way feature pairs: ${twoWay.length}`);
  for (const [a, b] of twoWay) console.log(`  ${a} <-> ${b}`);
  console.log(`Forms on @mantine/form: ${forms.mantineForm.length}`);
  for (const file of forms.mantineForm) console.log(`  ${file}`);
  console.log(`Hand-rolled forms (useState, no useForm): ${forms.handRolled.length}`);
  for (const file of forms.handRolled) console.log(`  ${file}`);
}
