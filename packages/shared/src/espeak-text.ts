// What espeak-ng is given to read in Japanese, Korean and Mandarin, on the server and in the
// desktop app alike (decision 0049, "Japanese read offline"). espeak-ng reads kana and hangul,
// but says "Chinese letter" for each kanji or hanja, reads "9시" as "gu si" instead of "ahop si",
// "9:30" as three numbers, "2点" as "èr diǎn", a year in Mandarin as an amount, and % as the
// English "percent". So:
// - numbers and times are written out as each language reads them (only where espeak-ng errs);
// - Japanese is read into kana by a dictionary (kuromoji's IPADIC, loaded by the app: this file
//   stays pure and takes the tokenizer as a parameter); a kanji the dictionary has no reading for,
//   a Korean hanja, or any kanji without the dictionary is refused, never read as "Chinese letter".
import { languageName } from './constants.js';

/** The fields of a kuromoji token this file reads (IPADIC features). */
export type TJapaneseToken = {
  surface_form: string;
  pos: string;
  pos_detail_1: string;
  reading?: string;
  pronunciation?: string;
};
export type TJapaneseTokenize = (text: string) => TJapaneseToken[];

export type TEspeakText =
  | { ok: true; text: string }
  | {
      ok: false;
      reason: 'chinese_characters';
      /** The characters that cannot be read, each once, in order. */
      characters: string;
      message: string;
    };

const HAN = /\p{Script=Han}/u;
const HAN_ALL = /\p{Script=Han}/gu;

/** Whether espeak-ng's voice for `language` needs the Japanese dictionary to read its text. */
export function espeakNeedsJapaneseReader(language: string): boolean {
  return language === 'ja';
}

/** The Japanese dictionary as an app loads it (Node only: kuromoji reads its files itself). */
export type TJapaneseReader = {
  /** The tokenizer, loading the dictionary on first use; null when it cannot be loaded. */
  tokenizer(): Promise<TJapaneseTokenize | null>;
  /** Why the dictionary could not be loaded, once a load failed; else null. */
  readonly problem: string | null;
};

/**
 * A reader that loads the dictionary when first asked and lets it go after `idleMs` unused: it
 * takes about 300 MB of memory, which a machine that rarely speaks Japanese should not keep. A
 * failed load is tried again after the same time.
 */
export function cachedJapaneseReader(
  load: () => Promise<TJapaneseTokenize>,
  idleMs = 10 * 60_000,
): TJapaneseReader {
  let loading: Promise<TJapaneseTokenize | null> | null = null;
  let problem: string | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const forgetLater = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      loading = null;
      timer = null;
    }, idleMs);
    (timer as { unref?: () => void }).unref?.();
  };
  return {
    get problem() {
      return problem;
    },
    tokenizer() {
      loading ??= load().then(
        (tokenize) => {
          problem = null;
          return tokenize;
        },
        (error: unknown) => {
          problem = error instanceof Error ? error.message : String(error);
          return null;
        },
      );
      forgetLater();
      return loading;
    },
  };
}

/** prepareEspeakText with the reader's tokenizer, loaded only for Japanese. */
export async function prepareEspeakTextWith(
  reader: TJapaneseReader | null,
  language: string,
  text: string,
): Promise<TEspeakText> {
  if (!reader || !espeakNeedsJapaneseReader(language)) return prepareEspeakText(language, text);
  const tokenize = await reader.tokenizer();
  return prepareEspeakText(language, text, tokenize, reader.problem);
}

/**
 * The text espeak-ng should read for `text` in `language`, or why it cannot be read. `tokenize`
 * is the Japanese dictionary's tokenizer (null: not available, so Japanese kanji are refused;
 * `dictionaryProblem` then says why).
 */
export function prepareEspeakText(
  language: string,
  text: string,
  tokenize: TJapaneseTokenize | null = null,
  dictionaryProblem: string | null = null,
): TEspeakText {
  // NFKC turns full-width digits and letters, which espeak-ng skips, into ones it reads.
  const normal = text.normalize('NFKC');
  if (language === 'ko') {
    const unread = hanIn(normal);
    if (unread) return refusal(language, unread, 'hanja');
    return { ok: true, text: koreanNumbers(normal) };
  }
  if (language === 'zh') return { ok: true, text: chineseNumbers(normal) };
  if (language !== 'ja') return { ok: true, text: normal };

  // Without the dictionary, the text between numbers is read as written (kana only).
  const asWritten = (piece: string): TJapaneseToken[] => [
    { surface_form: piece, pos: 'その他', pos_detail_1: '*' },
  ];
  const tokens = japaneseNumbers(normal).flatMap((piece): TJapaneseToken[] =>
    piece.kana
      ? [{ surface_form: piece.text, pos: '名詞', pos_detail_1: '数' }]
      : (tokenize ?? asWritten)(piece.text),
  );
  const read = readJapanese(tokens);
  const unread = hanIn(read);
  if (unread && !tokenize) return refusal(language, unread, 'no_dictionary', dictionaryProblem);
  if (unread) return refusal(language, unread, 'unknown_kanji');
  return { ok: true, text: read };
}

function hanIn(text: string): string {
  return [...new Set(text.match(HAN_ALL) ?? [])].join('');
}

function refusal(
  language: string,
  characters: string,
  why: 'hanja' | 'no_dictionary' | 'unknown_kanji',
  problem: string | null = null,
): TEspeakText {
  const shown = [...characters].slice(0, 12).join('');
  const cannot = `espeak-ng cannot read ${languageName(language)} text with Chinese characters`;
  const message =
    why === 'unknown_kanji'
      ? `${cannot}: the Japanese dictionary has no reading for ${shown}`
      : why === 'no_dictionary'
        ? `${cannot} (${shown}) without the Japanese dictionary${problem ? `, which could not be loaded: ${problem}` : ''}`
        : `${cannot} (hanja: ${shown})`;
  return { ok: false, reason: 'chinese_characters', characters, message };
}

// ---- Japanese: tokens into kana -------------------------------------------------------------

/** Katakana into hiragana (ー and the rest stay): ガンジョー → がんじょー. */
export function hiragana(text: string): string {
  return text.replace(/[\u30a1-\u30f6]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0x60));
}

/**
 * Each token as spoken: IPADIC's pronunciation (long vowels as ー, the particles は and へ as わ
 * and え), which espeak-ng reads as Japanese is spoken ("とうきょう" would be "to-u-kyo-u"); words
 * in katakana, latin letters, digits and punctuation as written. A space between phrases
 * (bunsetsu) gives each its own accent, as in kana written for reading aloud.
 */
function readJapanese(tokens: TJapaneseToken[]): string {
  let out = '';
  let previous: TJapaneseToken | null = null;
  for (const token of tokens) {
    const surface = token.surface_form;
    if (token.pos === '記号' && token.pos_detail_1 === '空白') {
      if (!out.endsWith(' ')) out += ' ';
      previous = null;
      continue;
    }
    const spoken = spokenForm(token);
    if (previous && startsPhrase(token, previous) && !/[\s。、!?,.]$/u.test(out)) out += ' ';
    out += spoken;
    previous = surface.trim() ? token : previous;
  }
  return out.replace(/ +([。、！？!?,.])/g, '$1').trim();
}

function spokenForm(token: TJapaneseToken): string {
  const surface = token.surface_form;
  const known = (value?: string) => (value && value !== '*' ? value : undefined);
  const spoken = known(token.pronunciation) ?? known(token.reading);
  // Katakana words, latin letters, digits and punctuation are read as written.
  if (!spoken || !/[\p{Script=Han}\p{Script=Hiragana}]/u.test(surface)) return surface;
  return hiragana(spoken);
}

const CONTENT = new Set(['名詞', '副詞', '連体詞', '接続詞', '感動詞', '接頭詞']);

/** Whether `token` begins a new phrase after `previous` (a rough bunsetsu boundary). */
function startsPhrase(token: TJapaneseToken, previous: TJapaneseToken): boolean {
  if (previous.pos === '接頭詞' || previous.pos === '記号' || token.pos === '記号') return false;
  const independent =
    (CONTENT.has(token.pos) && token.pos_detail_1 !== '接尾' && token.pos_detail_1 !== '非自立') ||
    ((token.pos === '動詞' || token.pos === '形容詞') && token.pos_detail_1 === '自立');
  if (!independent) return false;
  // Two numbers in a row are two phrases (2024年 4月); other nouns in a row are one compound
  // (竜巻警報, 午後9時).
  if (token.pos_detail_1 === '数' && previous.pos_detail_1 === '数') return true;
  return !(token.pos === '名詞' && previous.pos === '名詞');
}

// ---- Japanese numbers ----------------------------------------------------------------------

const JA_DIGITS = ['ゼロ', 'いち', 'に', 'さん', 'よん', 'ご', 'ろく', 'なな', 'はち', 'きゅう'];

/** 0 ≤ n < 10^16 in kana: 1000 → せん, 300 → さんびゃく, 8000 → はっせん, 10000 → いちまん. */
export function japaneseNumber(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) return String(n);
  if (n === 0) return 'ゼロ';
  const units = ['', 'まん', 'おく', 'ちょう'];
  let out = '';
  for (let group = 3; group >= 0; group -= 1) {
    const value = Math.floor(n / 10_000 ** group) % 10_000;
    if (value === 0) continue;
    const unit = units[group] ?? '';
    let words = underTenThousand(value, unit !== '');
    if (unit === 'ちょう' && value % 10 === 1) words = `${words.slice(0, -2)}いっ`;
    else if (unit === 'ちょう' && value % 10 === 8) words = `${words.slice(0, -2)}はっ`;
    out += words + unit;
  }
  return out;
}

function underTenThousand(n: number, beforeUnit: boolean): string {
  const [thousands, hundreds, tens, ones] = [
    Math.floor(n / 1000),
    Math.floor(n / 100) % 10,
    Math.floor(n / 10) % 10,
    n % 10,
  ];
  let out = '';
  if (thousands)
    out +=
      thousands === 1
        ? beforeUnit
          ? 'いっせん'
          : 'せん'
        : thousands === 3
          ? 'さんぜん'
          : thousands === 8
            ? 'はっせん'
            : `${JA_DIGITS[thousands]}せん`;
  if (hundreds)
    out +=
      hundreds === 1
        ? 'ひゃく'
        : hundreds === 3
          ? 'さんびゃく'
          : hundreds === 6
            ? 'ろっぴゃく'
            : hundreds === 8
              ? 'はっぴゃく'
              : `${JA_DIGITS[hundreds]}ひゃく`;
  if (tens) out += tens === 1 ? 'じゅう' : `${JA_DIGITS[tens]}じゅう`;
  if (ones) out += JA_DIGITS[ones];
  return out;
}

/**
 * n with a counter whose last digit changes its sound: `last` maps a last digit (0 for a round
 * ten, after じゅう/ひゃく) to the whole ending, e.g. 分: 1 → いっぷん, 0 → っぷん after じゅう.
 */
function withCounter(n: number, counter: string, last: Partial<Record<number, string>> = {}): string {
  const digit = n % 10;
  if (n > 0 && digit !== 0 && last[digit] !== undefined) {
    const rest = n - digit;
    return `${rest ? japaneseNumber(rest) : ''}${last[digit]}`;
  }
  if (n > 0 && digit === 0 && last[0] !== undefined) {
    const words = japaneseNumber(n);
    if (words.endsWith('じゅう')) return `${words.slice(0, -3)}じゅ${last[0]}`;
  }
  return `${japaneseNumber(n)}${counter}`;
}

const hour = (n: number) =>
  n === 0 ? 'れいじ' : withCounter(n, 'じ', { 4: 'よじ', 7: 'しちじ', 9: 'くじ' });
const minutes = (n: number) =>
  withCounter(n, 'ふん', {
    0: 'っぷん',
    1: 'いっぷん',
    3: 'さんぷん',
    4: 'よんぷん',
    6: 'ろっぷん',
    8: 'はっぷん',
  });
const DAY_OF_MONTH: Record<number, string> = {
  1: 'ついたち',
  2: 'ふつか',
  3: 'みっか',
  4: 'よっか',
  5: 'いつか',
  6: 'むいか',
  7: 'なのか',
  8: 'ようか',
  9: 'ここのか',
  10: 'とおか',
  14: 'じゅうよっか',
  20: 'はつか',
  24: 'にじゅうよっか',
};
const days = (n: number) => DAY_OF_MONTH[n] ?? withCounter(n, 'にち', { 7: 'しちにち', 9: 'くにち' });
const sokuon = (counter: string, voiced?: string) => ({
  0: `っ${counter}`,
  1: `いっ${counter}`,
  3: voiced ? `さん${voiced}` : `さん${counter}`,
  6: `ろっ${counter}`,
  8: `はっ${counter}`,
});

/** Counters after a number, longest first: how the number with each is read, and the counter
 * alone (after a decimal: 1.5時間 → いってんごじかん). */
const JA_COUNTERS: { counter: string; read: (n: number) => string; plain: string }[] = [
  { counter: '時間', read: (n) => `${hour(n)}かん`, plain: 'じかん' },
  { counter: '分間', read: (n) => `${minutes(n)}かん`, plain: 'ふんかん' },
  { counter: '日間', read: (n) => (n === 1 ? 'いちにちかん' : `${days(n)}かん`), plain: 'にちかん' },
  { counter: '年間', read: (n) => `${withCounter(n, 'ねん', { 4: 'よねん' })}かん`, plain: 'ねんかん' },
  { counter: '週間', read: (n) => withCounter(n, 'しゅうかん', sokuon('しゅうかん')), plain: 'しゅうかん' },
  ...['ヶ月', 'か月', 'カ月', 'ヵ月'].map((counter) => ({
    counter,
    read: (n: number) => withCounter(n, 'かげつ', sokuon('かげつ')),
    plain: 'かげつ',
  })),
  { counter: '時', read: hour, plain: 'じ' },
  { counter: '分', read: minutes, plain: 'ふん' },
  { counter: '秒', read: (n) => `${japaneseNumber(n)}びょう`, plain: 'びょう' },
  { counter: '日', read: days, plain: 'にち' },
  {
    counter: '月',
    read: (n) => withCounter(n, 'がつ', { 4: 'しがつ', 7: 'しちがつ', 9: 'くがつ' }),
    plain: 'がつ',
  },
  { counter: '年', read: (n) => withCounter(n, 'ねん', { 4: 'よねん' }), plain: 'ねん' },
  {
    counter: '人',
    read: (n) => (n === 1 ? 'ひとり' : n === 2 ? 'ふたり' : withCounter(n, 'にん', { 4: 'よにん' })),
    plain: 'にん',
  },
  { counter: '階', read: (n) => withCounter(n, 'かい', sokuon('かい', 'がい')), plain: 'かい' },
  { counter: '回', read: (n) => withCounter(n, 'かい', sokuon('かい')), plain: 'かい' },
  {
    counter: '歳',
    read: (n) =>
      n === 20 ? 'はたち' : withCounter(n, 'さい', { 0: 'っさい', 1: 'いっさい', 8: 'はっさい' }),
    plain: 'さい',
  },
  { counter: '件', read: (n) => withCounter(n, 'けん', sokuon('けん')), plain: 'けん' },
  ...['度', '℃', '°C'].map((counter) => ({
    counter,
    read: (n: number) => `${japaneseNumber(n)}ど`,
    plain: 'ど',
  })),
  { counter: '%', read: (n) => `${japaneseNumber(n)}パーセント`, plain: 'パーセント' },
];

function japaneseDecimal(whole: number, fraction: string): string {
  const digits = [...fraction].map((digit) => JA_DIGITS[Number(digit)]).join('');
  return `${japaneseNumber(whole)}てん${digits}`;
}

type TPiece = { text: string; kana: boolean };

const JA_NUMBER = new RegExp(
  '(?<minus>(?<![\\p{L}\\p{N}])[-−])?' +
    '(?:(?<hour>\\d{1,2})(?::(?<minute>[0-5]\\d)(?![\\d:])|時(?<minutes>\\d{1,2})分(?!間))' +
    `|(?<whole>\\d+)(?:\\.(?<fraction>\\d+))?\\s?(?<counter>${JA_COUNTERS.map((c) => c.counter).join('|')})?)`,
  'gu',
);

/**
 * Japanese text with each number (and its counter) as kana pieces the tokenizer leaves alone:
 * 9時30分 and 9:30 → くじさんじゅっぷん, 2024年 → にせんにじゅうよねん, 3.5% → さんてんごパーセント,
 * 1,000人 → せんにん, -5℃ → マイナスごど.
 */
function japaneseNumbers(text: string): TPiece[] {
  const source = withoutThousandsSeparators(text).replace(RANGE, '$1から');
  const pieces: TPiece[] = [];
  let at = 0;
  for (const match of source.matchAll(JA_NUMBER)) {
    const groups = match.groups ?? {};
    const index = match.index ?? 0;
    if (index > at) pieces.push({ text: source.slice(at, index), kana: false });
    let kana: string;
    if (groups.hour !== undefined) {
      const h = Number(groups.hour);
      const m = Number(groups.minute ?? groups.minutes);
      // Past 24 it is no time of day but a score or ratio (3:10 is a time; 30:10 reads 30対10).
      kana = h <= 24 ? hour(h) + (m ? minutes(m) : '') : `${japaneseNumber(h)}たい${japaneseNumber(m)}`;
    } else {
      const whole = Number(groups.whole);
      const counter = JA_COUNTERS.find((entry) => entry.counter === groups.counter);
      kana = groups.fraction
        ? japaneseDecimal(whole, groups.fraction) + (counter?.plain ?? '')
        : counter
          ? counter.read(whole)
          : japaneseNumber(whole);
    }
    pieces.push({ text: `${groups.minus ? 'マイナス' : ''}${kana}`, kana: true });
    at = index + match[0].length;
  }
  if (at < source.length) pieces.push({ text: source.slice(at), kana: false });
  return pieces;
}

/** A range between two numbers written with a wave dash or tilde: 1〜3, 1~3. */
const RANGE = /(\d)\s?[~〜～]\s?(?=\d)/g;

/** 1,000,000 → 1000000 (a comma between groups of three digits). */
function withoutThousandsSeparators(text: string): string {
  return text.replace(/\d{1,3}(?:,\d{3})+(?!\d)/g, (number) => number.replace(/,/g, ''));
}

// ---- Korean numbers ------------------------------------------------------------------------

/** Native Korean numbers as they stand before a counter (한, 두, 세, 네, 스무). */
const KO_NATIVE_ONES = ['', '한', '두', '세', '네', '다섯', '여섯', '일곱', '여덟', '아홉'];
const KO_NATIVE_TENS = ['', '열', '스물', '서른', '마흔', '쉰', '예순', '일흔', '여든', '아흔'];
const KO_SINO_DIGITS = ['영', '일', '이', '삼', '사', '오', '육', '칠', '팔', '구'];

/** 1–99 in native Korean before a counter: 9 → 아홉, 12 → 열두, 20 → 스무, 24 → 스물네. */
export function koreanNativeNumber(n: number): string {
  if (n === 20) return '스무';
  return `${KO_NATIVE_TENS[Math.floor(n / 10)] ?? ''}${KO_NATIVE_ONES[n % 10] ?? ''}`;
}

/**
 * Korean reads hours (1–12) and counted things in native numbers and minutes in Sino-Korean
 * ones; espeak-ng reads every digit Sino-Korean ("9시" as "gu si"), a time as three numbers,
 * a decimal point not at all and % in English. Hours 0 and 13–24 stay Sino-Korean, as
 * announcements read a 24-hour clock (13시 = 십삼 시).
 */
function koreanNumbers(text: string): string {
  const hourWords = (h: number) => (h >= 1 && h <= 12 ? koreanNativeNumber(h) : String(h));
  return withoutThousandsSeparators(text)
    .replace(RANGE, '$1에서 ')
    .replace(/(?<![\d.:])(\d{1,2}):([0-5]\d)(?![\d:])/g, (whole, h: string, m: string) => {
      if (Number(h) > 24) return whole;
      return `${hourWords(Number(h))} 시${Number(m) ? ` ${Number(m)}분` : ''}`;
    })
    .replace(/(?<![\d.])(\d{1,2})\s?시(?!간)/g, (whole, h: string) =>
      Number(h) >= 1 && Number(h) <= 12 ? `${hourWords(Number(h))} 시` : whole,
    )
    .replace(
      /(?<![\d.])(\d{1,2})\s?(시간|명|곳|마리|살|개(?![월국년소]))/g,
      (whole, n: string, counter: string) =>
        Number(n) >= 1 ? `${koreanNativeNumber(Number(n))} ${counter}` : whole,
    )
    .replace(/(?<![\p{L}\p{N}])[-−](?=\d+(?:\.\d+)?\s?(?:℃|°C|도))/gu, '영하 ')
    .replace(/(?<![\p{L}\p{N}])[-−](?=\d)/gu, '마이너스 ')
    .replace(
      /(\d)\.(\d+)/g,
      (_whole, whole: string, fraction: string) =>
        `${whole}점 ${[...fraction].map((digit) => KO_SINO_DIGITS[Number(digit)]).join('')}`,
    )
    .replace(/(\d)\s?(?:℃|°C)/g, '$1도')
    .replace(/(\d)\s?%/g, '$1퍼센트');
}

// ---- Mandarin numbers ----------------------------------------------------------------------

const ZH_DIGITS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'];

/** 0–99 in Chinese numerals: 30 → 三十, 15 → 十五, 21 → 二十一. */
export function chineseNumber(n: number): string {
  if (n < 10) return ZH_DIGITS[n] ?? String(n);
  const tens = Math.floor(n / 10);
  const ones = n % 10;
  return `${tens === 1 ? '' : (ZH_DIGITS[tens] ?? '')}十${ones ? ZH_DIGITS[ones] : ''}`;
}

/** Measure words after which 2 is 两 (两点, 两个, 两小时), not 二. */
const ZH_LIANG =
  '点|个|位|名|次|天|小时|种|辆|架|座|条|张|本|件|只|家|所|层|周|星期|公里|千米|米|倍|场|起|处|人|台|艘|栋|间|批|份|组|辆';

/**
 * Mandarin reads 9:30 as 九点三十分 (espeak-ng: three numbers), 2 o'clock as 两点 (espeak-ng:
 * 二点), a year digit by digit (二〇二四年; espeak-ng: an amount), 3.5 as 三点五 (espeak-ng drops
 * the point) and 10% as 百分之十 (espeak-ng: English "percent").
 */
function chineseNumbers(text: string): string {
  return withoutThousandsSeparators(text)
    .replace(RANGE, '$1到')
    .replace(/(?<![\d.:])(\d{1,2}):([0-5]\d)(?![\d:])/g, (whole, h: string, m: string) => {
      const hours = Number(h);
      const mins = Number(m);
      if (hours > 24) return whole;
      const hourWords = hours === 2 ? '两' : chineseNumber(hours);
      const minuteWords = mins === 0 ? '' : `${mins < 10 ? '零' : ''}${chineseNumber(mins)}分`;
      return `${hourWords}点${minuteWords}`;
    })
    .replace(new RegExp(`(?<![\\d.])2(?=\\s?(?:${ZH_LIANG}))`, 'g'), '两')
    .replace(/(?<![\d.])((?:19|20)\d{2})(?=\s?年)/g, (year: string) =>
      [...year].map((digit) => ZH_DIGITS[Number(digit)]).join(''),
    )
    .replace(/(?<![\p{L}\p{N}])[-−](?=\d+(?:\.\d+)?\s?(?:℃|°C|度))/gu, '零下')
    .replace(/(?<![\p{L}\p{N}])[-−](?=\d)/gu, '负')
    .replace(/(\d+(?:\.\d+)?)\s?%/g, '百分之$1')
    .replace(
      /(\d)\.(\d+)/g,
      (_whole, whole: string, fraction: string) =>
        `${whole}点${[...fraction].map((digit) => ZH_DIGITS[Number(digit)]).join('')}`,
    )
    .replace(/(\d)\s?(?:℃|°C)/g, '$1度');
}

/** Whether `text` has Chinese characters (kanji, hanja, hanzi). */
export function hasChineseCharacters(text: string): boolean {
  return HAN.test(text);
}
