// The Japanese dictionary (kuromoji's IPADIC) that reads kanji into kana for espeak-ng (decision
// 0049, "Japanese read offline"). Its twelve gzipped files come from, in order: the single executable's assets (the Linux
// executable carries them), a `kuromoji-dict` folder beside the running script (the script
// bundle's archive has one), or the kuromoji package (a development checkout). The dictionary is
// built here from kuromoji's own classes rather than its builder, so the bundle leaves out the
// builder's helpers (async, lodash, zlibjs) and reads the files from wherever they are.
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { cachedJapaneseReader, type TJapaneseReader, type TJapaneseTokenize } from '@message-station/shared';
import DynamicDictionaries from 'kuromoji/src/dict/DynamicDictionaries.js';
import Tokenizer from 'kuromoji/src/Tokenizer.js';

/** The folder beside the script bundle, and the prefix of the executable's asset keys. */
export const DICTIONARY_FOLDER = 'kuromoji-dict';
export const DICTIONARY_FILES = [
  'base.dat.gz',
  'check.dat.gz',
  'tid.dat.gz',
  'tid_pos.dat.gz',
  'tid_map.dat.gz',
  'cc.dat.gz',
  'unk.dat.gz',
  'unk_pos.dat.gz',
  'unk_map.dat.gz',
  'unk_char.dat.gz',
  'unk_compat.dat.gz',
  'unk_invoke.dat.gz',
] as const;
type TFile = (typeof DICTIONARY_FILES)[number];

/** Where the dictionary's files are read from. */
export type TDictionarySource = { where: string; read: (file: TFile) => Promise<Uint8Array> };

type TSea = { isSea(): boolean; getAsset(key: string): ArrayBuffer };

function seaSource(): TDictionarySource | null {
  try {
    // As in start-at-login.ts: the executable's main script is CommonJS, without import.meta.url.
    const sea = process.getBuiltinModule?.('node:sea') as TSea | undefined;
    if (!sea?.isSea()) return null;
    sea.getAsset(`${DICTIONARY_FOLDER}/${DICTIONARY_FILES[0]}`); // throws when not carried
    return {
      where: 'this executable',
      read: async (file) => new Uint8Array(sea.getAsset(`${DICTIONARY_FOLDER}/${file}`)),
    };
  } catch {
    return null;
  }
}

function folderSource(dir: string, where = dir): TDictionarySource | null {
  if (!existsSync(path.join(dir, DICTIONARY_FILES[0]))) return null;
  return { where, read: (file) => fs.readFile(path.join(dir, file)) };
}

function packageDictionary(): string | null {
  try {
    const manifest = createRequire(import.meta.url).resolve('kuromoji/package.json');
    return path.join(path.dirname(manifest), 'dict');
  } catch {
    return null; // the bundle and the executable: no node_modules beside them
  }
}

/** The first place that has the dictionary, or null. */
export function findDictionary(mainScript = process.argv[1]): TDictionarySource | null {
  const beside = mainScript ? path.join(path.dirname(mainScript), DICTIONARY_FOLDER) : null;
  const fromPackage = packageDictionary();
  return (
    seaSource() ?? (beside ? folderSource(beside) : null) ?? (fromPackage ? folderSource(fromPackage) : null)
  );
}

const gunzipped = promisify(gunzip);

/**
 * The file's bytes in an ArrayBuffer of their own (kuromoji reads 16- and 32-bit arrays over the
 * whole buffer); copied only when the gunzipped bytes share one, as small results do.
 */
async function arrayBuffer(source: TDictionarySource, file: TFile): Promise<ArrayBuffer> {
  const bytes = await gunzipped(await source.read(file));
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength)
    return bytes.buffer as ArrayBuffer;
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy.buffer;
}

/** Builds the tokenizer from a source, as kuromoji's DictionaryLoader does. */
export async function loadTokenizer(source: TDictionarySource): Promise<TJapaneseTokenize> {
  const buffers = new Map<TFile, ArrayBuffer>();
  await Promise.all(
    DICTIONARY_FILES.map(async (file) => {
      try {
        buffers.set(file, await arrayBuffer(source, file));
      } catch (error) {
        throw new Error(`${file} in ${source.where}: ${(error as Error).message}`);
      }
    }),
  );
  const get = (file: TFile) => buffers.get(file) as ArrayBuffer;
  const dic = new DynamicDictionaries();
  dic.loadTrie(new Int32Array(get('base.dat.gz')), new Int32Array(get('check.dat.gz')));
  dic.loadTokenInfoDictionaries(
    new Uint8Array(get('tid.dat.gz')),
    new Uint8Array(get('tid_pos.dat.gz')),
    new Uint8Array(get('tid_map.dat.gz')),
  );
  dic.loadConnectionCosts(new Int16Array(get('cc.dat.gz')));
  dic.loadUnknownDictionaries(
    new Uint8Array(get('unk.dat.gz')),
    new Uint8Array(get('unk_pos.dat.gz')),
    new Uint8Array(get('unk_map.dat.gz')),
    new Uint8Array(get('unk_char.dat.gz')),
    new Uint32Array(get('unk_compat.dat.gz')),
    new Uint8Array(get('unk_invoke.dat.gz')),
  );
  const tokenizer = new Tokenizer(dic);
  return (text) => tokenizer.tokenize(text);
}

/** A reader of the dictionary in `source`, loaded on first use and let go when unused. */
export function japaneseReader(source: TDictionarySource | null): TJapaneseReader {
  return cachedJapaneseReader(async () => {
    if (!source) throw new Error(`its files (${DICTIONARY_FOLDER}) are not in this copy of Message Station`);
    return loadTokenizer(source);
  });
}

let shared: TJapaneseReader | null = null;

/** The reader every espeak-ng engine of this process shares: the dictionary found here. */
export function defaultJapaneseReader(): TJapaneseReader {
  shared ??= japaneseReader(findDictionary());
  return shared;
}
