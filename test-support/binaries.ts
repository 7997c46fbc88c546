// Shared by the server's and the desktop app's tests (the apps never import each other).
// Tests that run real programs (Apertium, espeak-ng, lame, sox) say so when one is missing: on a
// developer's machine they are skipped with the program and its Debian package named; in CI
// (CI=true, where .ci/run installs them) the test file fails with the same words, so a missing
// package never turns into a quietly green run.
import fs from 'node:fs';
import path from 'node:path';
import { it } from 'vitest';

/** The Debian package of each program. */
const DEBIAN_PACKAGES = {
  apertium: 'apertium (with apertium-eng-spa, apertium-es-pt, apertium-fr-es, apertium-spa-ita)',
  'espeak-ng': 'espeak-ng',
  lame: 'lame',
  sox: 'sox',
} as const;

export type TBinary = keyof typeof DEBIAN_PACKAGES;

function onPath(name: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => {
    try {
      fs.accessSync(path.join(dir || '.', name), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * True when the tests that need `binaries` should be skipped (one is missing, not in CI); call it
 * at the top of a file or describe block and pass the answer to describe.skipIf / it.skipIf.
 */
export function skipWithout(...binaries: TBinary[]): boolean {
  const missing = binaries.filter((name) => !onPath(name));
  if (missing.length === 0) return false;
  const what = missing.map((name) => `${name} (Debian package ${DEBIAN_PACKAGES[name]})`).join(', ');
  // In CI the file fails as it loads, with this message: .ci/run installs every one of them.
  if (process.env.CI === 'true') throw new Error(`Not installed: ${what}; CI must install it (.ci/run).`);
  console.warn(`Skipping the tests that need ${what}: not installed.`);
  it.skip(`skipped: not installed: ${what}`, () => {});
  return true;
}
