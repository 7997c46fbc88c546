// The Japanese dictionary (kuromoji's IPADIC, in node_modules/kuromoji/dict) that reads kanji
// into kana for espeak-ng (decision 0049, "Japanese read offline"). Loaded on first Japanese text (about 1 s) and let go
// after ten minutes unused; the text itself is prepared by packages/shared espeak-text.ts, as in
// the desktop app.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { cachedJapaneseReader, type TJapaneseReader } from '@message-station/shared';
import kuromoji from 'kuromoji';

/** kuromoji's packaged dictionary folder, or null when it is not installed. */
export function japaneseDictionaryDir(): string | null {
  try {
    const manifest = createRequire(import.meta.url).resolve('kuromoji/package.json');
    const dir = path.join(path.dirname(manifest), 'dict');
    return existsSync(path.join(dir, 'base.dat.gz')) ? dir : null;
  } catch {
    return null;
  }
}

/** A reader of the dictionary in `dir` (null: none, so Japanese kanji are refused). */
export function japaneseReader(dir: string | null): TJapaneseReader {
  return cachedJapaneseReader(
    () =>
      new Promise((resolve, reject) => {
        if (!dir) {
          reject(new Error('kuromoji is not installed'));
          return;
        }
        kuromoji.builder({ dicPath: dir }).build((error, tokenizer) => {
          if (error) reject(error);
          else resolve((text) => tokenizer.tokenize(text));
        });
      }),
  );
}

let shared: TJapaneseReader | null = null;

/** The reader every espeak-ng engine of this process shares. */
export function defaultJapaneseReader(): TJapaneseReader {
  shared ??= japaneseReader(japaneseDictionaryDir());
  return shared;
}
