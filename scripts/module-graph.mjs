#!/usr/bin/env node
// Module-level import graph of apps/server/src/modules (tests excluded).
//
//   node scripts/module-graph.mjs          prints two-way module pairs, re-export façades, imports
//                                          from a higher layer (modules/layers.json) and fan-in
//   node scripts/module-graph.mjs --json   the same as JSON
//   node scripts/module-graph.mjs --check  exits 1 when any of those (fan-in aside) exists
//
// An edge A -> B exists when a non-test file of modules/A imports (statically, by `export … from`
// or by a lazy import()) a file of modules/B; type-only imports count too, since they tie the
// modules' vocabularies together. A re-export façade is an `export { x } from './…repo'` or
// `export * from './…repo'` in a module's service.ts, *-service.ts or index.ts: it hands another
// module the repo's rows without a verb of its own (decision 0065).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MODULES = path.join(ROOT, 'apps/server/src/modules');
const LAYERS = path.join(MODULES, 'layers.json');
const IMPORT =
  /(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const REEXPORT = /export\s+(?:type\s+)?(\*|\{[^}]*\})\s+from\s+['"](\.[^'"]*repo)(?:\.js)?['"]/g;
const PUBLIC_FILE = /(^|\/)(service|[^/]*-service|index)\.ts$/;
// `import * as repo from './repo.js'` … `export const x = repo.y;` hands the repo's function out as well.
const REPO_NAMESPACE = /import\s+\*\s+as\s+(\w+)\s+from\s+['"]\.[^'"]*repo(?:\.js)?['"]/g;
// `import { x } from './repo.js'` … `export { x };`
const REPO_NAMED = /import\s+\{([^}]*)\}\s+from\s+['"](\.[^'"]*repo)(?:\.js)?['"]/g;
const LOCAL_EXPORT = /export\s+\{([^}]*)\}\s*;/g;

/** The names in an import or export list, without `type` ones (a type hands out no rows). */
function valueNames(list) {
  return list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name && !name.startsWith('type '));
}

function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function moduleOf(file) {
  const rel = path.relative(MODULES, file);
  return rel.startsWith('..') ? null : rel.split(path.sep)[0];
}

export function moduleGraph() {
  const modules = fs
    .readdirSync(MODULES)
    .filter((name) => fs.statSync(path.join(MODULES, name)).isDirectory());
  const edges = new Map(modules.map((name) => [name, new Set()]));
  const facades = [];
  for (const mod of modules) {
    for (const file of filesUnder(path.join(MODULES, mod))) {
      const source = fs.readFileSync(file, 'utf8');
      for (const match of source.matchAll(IMPORT)) {
        const spec = match[1] ?? match[2];
        if (!spec.startsWith('.')) continue;
        const target = moduleOf(path.resolve(path.dirname(file), spec));
        if (target && target !== mod && edges.has(target)) edges.get(mod).add(target);
      }
      const rel = path.relative(MODULES, file).split(path.sep).join('/');
      if (!PUBLIC_FILE.test(rel)) continue;
      for (const match of source.matchAll(REEXPORT)) {
        if (/^export\s+type\b/.test(match[0])) continue;
        const names = match[1] === '*' ? ['*'] : valueNames(match[1].slice(1, -1));
        for (const name of names) facades.push({ file: rel, name, from: match[2] });
      }
      for (const [, alias] of source.matchAll(REPO_NAMESPACE)) {
        const handedOut = new RegExp(`export\\s+const\\s+(\\w+)\\s*=\\s*${alias}\\.(\\w+)\\s*;`, 'g');
        for (const match of source.matchAll(handedOut)) {
          facades.push({ file: rel, name: `${alias}.${match[2]} as ${match[1]}`, from: alias });
        }
      }
      const imported = new Map();
      for (const match of source.matchAll(REPO_NAMED)) {
        for (const name of valueNames(match[1])) imported.set(name.split(/\s+as\s+/).pop(), match[2]);
      }
      for (const match of source.matchAll(LOCAL_EXPORT)) {
        for (const name of valueNames(match[1])) {
          const local = name.split(/\s+as\s+/)[0];
          if (imported.has(local)) facades.push({ file: rel, name, from: imported.get(local) });
        }
      }
    }
  }
  const twoWay = [];
  for (const [a, targets] of edges) {
    for (const b of targets) if (a < b && edges.get(b).has(a)) twoWay.push([a, b]);
  }
  const layerOf = new Map(
    JSON.parse(fs.readFileSync(LAYERS, 'utf8')).layers.flatMap((layer, rank) =>
      layer.modules.map((name) => [name, { name: layer.name, rank }]),
    ),
  );
  const unlayered = modules.filter((name) => !layerOf.has(name));
  const upward = [];
  for (const [a, targets] of edges) {
    for (const b of targets) {
      if (layerOf.has(a) && layerOf.has(b) && layerOf.get(b).rank > layerOf.get(a).rank) {
        upward.push([`${a} (${layerOf.get(a).name})`, `${b} (${layerOf.get(b).name})`]);
      }
    }
  }
  const fanIn = Object.fromEntries(
    modules.map((name) => [name, modules.filter((other) => edges.get(other).has(name)).length]),
  );
  return {
    modules,
    edges: Object.fromEntries([...edges].map(([name, set]) => [name, [...set].sort()])),
    twoWay,
    facades,
    upward,
    unlayered,
    fanIn,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const graph = moduleGraph();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(graph, null, 2));
  } else {
    console.log(`${graph.modules.length} modules`);
    console.log(`\nTwo-way module pairs: ${graph.twoWay.length}`);
    for (const [a, b] of graph.twoWay) console.log(`  ${a} <-> ${b}`);
    console.log(`\nRe-export façades: ${graph.facades.length}`);
    for (const { file, name, from } of graph.facades) console.log(`  ${file}: ${name} from ${from}`);
    console.log(`\nImports from a higher layer (${path.relative(ROOT, LAYERS)}): ${graph.upward.length}`);
    for (const [a, b] of graph.upward) console.log(`  ${a} -> ${b}`);
    if (graph.unlayered.length) console.log(`\nModules without a layer: ${graph.unlayered.join(', ')}`);
    console.log('\nImported by (modules):');
    for (const [name, count] of Object.entries(graph.fanIn).sort((x, y) => y[1] - x[1])) {
      console.log(`  ${name.padEnd(14)} ${count}`);
    }
  }
  const broken = graph.twoWay.length + graph.facades.length + graph.upward.length + graph.unlayered.length;
  if (process.argv.includes('--check') && broken) process.exit(1);
}
