// Fails when an installed package declares a Node.js range this Node.js is outside of: what
// `npm install` only warns about (EBADENGINE), and what decision 0001 used to live with. The
// packages are those npm installed (node_modules/.package-lock.json lists them); each one's own
// package.json is read and checked as npm checks it (semver, prereleases included). `npm test`
// runs it after installing (scripts/validate.mjs), on the pinned Node.js of scripts/runtime.mjs
// (docs/decisions/0064-node-24-lts.md).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'package.json'));
const semver = require('semver');

/** `[package path, its node range]` for each installed package whose range excludes `version`. */
export function engineMismatches(version = process.version) {
  const installed = JSON.parse(
    fs.readFileSync(path.join(root, 'node_modules', '.package-lock.json'), 'utf8'),
  );
  const mismatches = [];
  for (const [location, entry] of Object.entries(installed.packages)) {
    // Workspaces' links are checked at the workspace itself.
    const manifest = path.join(root, location, 'package.json');
    if (entry.link || !fs.existsSync(manifest)) continue;
    const range = JSON.parse(fs.readFileSync(manifest, 'utf8')).engines?.node;
    if (typeof range !== 'string') continue;
    if (!semver.satisfies(version, range, { includePrerelease: true })) mismatches.push([location, range]);
  }
  return mismatches;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const mismatches = engineMismatches();
  if (mismatches.length > 0) {
    console.error(
      `${mismatches.length} installed package(s) do not support Node ${process.versions.node} (npm's EBADENGINE):`,
    );
    for (const [location, range] of mismatches) console.error(`  ${location}: node ${range}`);
    console.error(
      'Run through `npm test` / `npm start` (scripts/runtime.mjs runs them on the pinned Node.js), or hold the package back.',
    );
    process.exit(1);
  }
  console.log(`Every installed package supports Node ${process.versions.node}.`);
}
