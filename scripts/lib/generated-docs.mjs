// Shared by the scripts that write a page of docs/ from the code (config-docs.mjs, module-map.mjs,
// decisions-index.mjs): write it, or with --check fail when the committed page differs.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const checking = process.argv.includes('--check');

/**
 * Writes `relative` (from the repository root) with `text`, or with --check compares them and
 * returns a problem when the file is missing or stale.
 * @returns {string[]} problems
 */
export function writeOrCheck(relative, text, regenerate) {
  const file = path.join(root, relative);
  if (!checking) {
    fs.writeFileSync(file, text);
    console.log(`wrote ${relative}`);
    return [];
  }
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  if (current === text) return [];
  return [`${relative} is ${current === null ? 'missing' : 'out of date'}: run \`${regenerate}\``];
}

/** Prints the problems and sets the exit code; prints `ok` when there are none. */
export function finish(name, problems, ok) {
  if (problems.length) {
    console.error(`${name}:\n  ${problems.join('\n  ')}`);
    process.exitCode = 1;
  } else if (checking) {
    console.log(`${name}: ${ok}`);
  }
}

/** A Markdown table cell: pipes escaped, one line. */
export const cell = (text) => String(text).replaceAll('|', '\\|').replaceAll('\n', ' ');
