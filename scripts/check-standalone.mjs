// The repository stands alone: code comments and docs cite repository files and decision records,
// never documents outside it. Lists every file that cites the design folder beside a checkout, a
// section of the product spec, of the architecture or conventions notes, or an issue number in a
// comment or a doc, with counts (the patterns below spell the section sign \u00a7); report-only unless
// --strict. Also checks that every relative link in the Markdown files resolves (to a file, and to
// a heading when it names one): a broken link always fails. Run by `npm run lint`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './lib/generated-docs.mjs';

const strict = process.argv.includes('--strict');
const CITATIONS = [
  ['the design folder beside a checkout', /\.\.\/sh[a]red\b/],
  ['a spec section', /\bspec(?:'s)? \u00a7/i],
  ['an architecture section', /ARCHITECTURE(?:\.md)? \u00a7/],
  ['a conventions section', /CONVENTIONS(?:\.md)? \u00a7/],
  ['issue N', /\bissues? #?\d+/i],
];
const CODE = /\.(ts|tsx|mjs|cjs|js|css|sh|yaml|yml)$|^Dockerfile$|Caddyfile$/;
const SKIP = /(^|\/)(node_modules|dist|dist-ssr|vendor-specs|migrations|drizzle|releases)\//;
const SELF = 'scripts/check-standalone.mjs';

const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file && !SKIP.test(file) && file !== SELF && fs.existsSync(path.join(root, file)));

/** The comment text of a line of code (after `//`, `#`, or inside a block comment), else ''. */
function commentOf(line, state) {
  const trimmed = line.trim();
  if (state.block) {
    if (trimmed.includes('*/')) state.block = false;
    return line;
  }
  if (trimmed.startsWith('/*')) {
    state.block = !trimmed.includes('*/');
    return line;
  }
  if (trimmed.startsWith('#') || trimmed.startsWith('*')) return line;
  const slashes = line.indexOf('// ');
  return slashes >= 0 ? line.slice(slashes) : '';
}

const cited = new Map(CITATIONS.map(([name]) => [name, []]));
for (const file of files) {
  const markdown = file.endsWith('.md');
  if (!markdown && !CODE.test(path.basename(file)) && !CODE.test(file)) continue;
  const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n');
  const state = { block: false };
  const texts = markdown ? lines : lines.map((line) => commentOf(line, state));
  for (const [name, pattern] of CITATIONS) {
    const count = texts.filter((text) => pattern.test(text)).length;
    if (count) cited.get(name).push([file, count]);
  }
}

const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[`*_[\]()]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
const headingsOf = new Map();
function headings(file) {
  if (!headingsOf.has(file)) {
    const text = fs.readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
    headingsOf.set(file, new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => slug(m[1]))));
  }
  return headingsOf.get(file);
}

const broken = [];
for (const file of files.filter((f) => f.endsWith('.md'))) {
  const text = fs.readFileSync(path.join(root, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    // Addresses elsewhere, and the site's own paths (`/contact` in the public docs pages).
    if (/^[a-z]+:/i.test(target) || target.startsWith('/')) continue;
    const [relative, anchor] = target.split('#');
    const resolved = relative
      ? path.resolve(path.dirname(path.join(root, file)), relative)
      : path.join(root, file);
    if (!fs.existsSync(resolved)) broken.push(`${file}: ${target} (no such file)`);
    else if (anchor && resolved.endsWith('.md') && !headings(resolved).has(anchor)) {
      broken.push(`${file}: ${target} (no such heading)`);
    }
  }
}

const citing = new Set();
for (const [name, list] of cited) {
  for (const [file] of list) citing.add(file);
  console.log(`check-standalone: ${list.length} files cite ${name}`);
  for (const [file, count] of list) console.log(`  ${file} (${count})`);
}
if (broken.length) {
  console.error(`check-standalone: ${broken.length} broken links:\n  ${broken.join('\n  ')}`);
  process.exitCode = 1;
}
console.log(
  `check-standalone: ${citing.size} files cite something outside the repository${strict ? '' : ' (report only; --strict fails on them)'}`,
);
if (strict && citing.size) process.exitCode = 1;
