#!/usr/bin/env node
// Checks that every translation key exists in both English and Spanish, file by file, and that the
// subscriber pages' file (subscribers.json) has the same keys and placeholders in all nine languages.
// Usage: node scripts/check-locales.mjs [localesDir]   (default apps/web/src/locales)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const LANGUAGES = ['en', 'es'];
/** The subscriber pages speak every product language (decision 0027). */
const SUBSCRIBER_NAMESPACE = 'subscribers.json';
const SUBSCRIBER_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'zh', 'ja', 'ko'];
const repoRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));
const localesDir = resolve(process.argv[2] ?? join(repoRoot, 'apps/web/src/locales'));

/** "a.b.c" for every leaf (string, number, array…) of a nested object. */
function leafKeys(value, prefix = '') {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}

function readKeys(file, problems) {
  try {
    return new Set(leafKeys(JSON.parse(readFileSync(file, 'utf8'))));
  } catch (error) {
    problems.push(`${relative(repoRoot, file)}: cannot be read as JSON (${error.message})`);
    return new Set();
  }
}

function jsonFiles(dir) {
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.json')) : [];
}

const problems = [];
let keyCount = 0;
const namespaces = new Set(LANGUAGES.flatMap((lng) => jsonFiles(join(localesDir, lng))));

if (namespaces.size === 0) problems.push(`no locale files found under ${localesDir}`);

for (const namespace of [...namespaces].sort()) {
  const keysByLanguage = {};
  for (const lng of LANGUAGES) {
    const file = join(localesDir, lng, namespace);
    if (!existsSync(file)) {
      problems.push(`${lng}/${namespace}: file missing`);
      keysByLanguage[lng] = new Set();
      continue;
    }
    keysByLanguage[lng] = readKeys(file, problems);
  }
  for (const lng of LANGUAGES) {
    for (const other of LANGUAGES) {
      if (other === lng) continue;
      for (const key of keysByLanguage[lng]) {
        if (!keysByLanguage[other].has(key)) {
          problems.push(`${other}/${namespace}: missing "${key}" (present in ${lng})`);
        }
      }
    }
  }
  keyCount += keysByLanguage.en?.size ?? 0;
}

/** Leaf key → its {{placeholders}}, sorted: a translation must use the same ones. */
function placeholders(file) {
  const found = new Map();
  const walk = (value, prefix) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, child] of Object.entries(value)) walk(child, prefix ? `${prefix}.${key}` : key);
    } else if (typeof value === 'string') {
      found.set(
        prefix,
        [...value.matchAll(/\{\{\s*(\w+)/g)]
          .map((m) => m[1])
          .sort()
          .join(','),
      );
    }
  };
  try {
    walk(JSON.parse(readFileSync(file, 'utf8')), '');
  } catch {
    // readKeys has said the file cannot be read.
  }
  return found;
}

const subscriberFile = (lng) => join(localesDir, lng, SUBSCRIBER_NAMESPACE);
const checkSubscriberFiles = existsSync(subscriberFile('en'));
if (checkSubscriberFiles) {
  const english = readKeys(subscriberFile('en'), problems);
  const englishPlaceholders = placeholders(subscriberFile('en'));
  for (const lng of SUBSCRIBER_LANGUAGES.filter((code) => code !== 'en')) {
    const file = subscriberFile(lng);
    if (!existsSync(file)) {
      problems.push(
        `${lng}/${SUBSCRIBER_NAMESPACE}: file missing (the subscriber pages speak all nine languages)`,
      );
      continue;
    }
    const keys = readKeys(file, problems);
    for (const key of english)
      if (!keys.has(key)) problems.push(`${lng}/${SUBSCRIBER_NAMESPACE}: missing "${key}"`);
    for (const key of keys)
      if (!english.has(key)) problems.push(`${lng}/${SUBSCRIBER_NAMESPACE}: extra "${key}"`);
    for (const [key, names] of placeholders(file)) {
      const expected = englishPlaceholders.get(key);
      if (expected !== undefined && expected !== names) {
        problems.push(
          `${lng}/${SUBSCRIBER_NAMESPACE}: "${key}" uses {{${names}}}, English uses {{${expected}}}`,
        );
      }
    }
  }
}

if (problems.length > 0) {
  console.error(`check-locales: ${problems.length} problem(s)`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}

console.log(
  `check-locales: ${namespaces.size} namespaces, ${keyCount} keys, identical in ${LANGUAGES.join(' and ')}${
    checkSubscriberFiles ? `; ${SUBSCRIBER_NAMESPACE} identical in ${SUBSCRIBER_LANGUAGES.join(', ')}` : ''
  }`,
);
