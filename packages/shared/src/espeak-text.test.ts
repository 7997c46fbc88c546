// The text espeak-ng is given: numbers and times written out in Japanese, Korean and Mandarin,
// Japanese tokens read into kana (a hand-made tokenizer here; the real dictionary is tested with
// espeak-ng in the server and the desktop app), and what is refused.
import { describe, expect, it } from 'vitest';
import {
  cachedJapaneseReader,
  chineseNumber,
  japaneseNumber,
  koreanNativeNumber,
  prepareEspeakText,
  prepareEspeakTextWith,
  type TJapaneseToken,
  type TJapaneseTokenize,
} from './espeak-text.js';

const text = (language: string, input: string, tokenize: TJapaneseTokenize | null = null) => {
  const prepared = prepareEspeakText(language, input, tokenize);
  if (!prepared.ok) throw new Error(prepared.message);
  return prepared.text;
};

/** A tokenizer that knows a few words, as kuromoji's IPADIC gives them. */
const WORDS: Record<string, Omit<TJapaneseToken, 'surface_form'>> = {
  東京: { pos: '名詞', pos_detail_1: '固有名詞', reading: 'トウキョウ', pronunciation: 'トーキョー' },
  は: { pos: '助詞', pos_detail_1: '係助詞', reading: 'ハ', pronunciation: 'ワ' },
  へ: { pos: '助詞', pos_detail_1: '格助詞', reading: 'ヘ', pronunciation: 'エ' },
  今夜: { pos: '名詞', pos_detail_1: '副詞可能', reading: 'コンヤ', pronunciation: 'コンヤ' },
  '、': { pos: '記号', pos_detail_1: '読点', reading: '、', pronunciation: '、' },
  大雨: { pos: '名詞', pos_detail_1: '一般', reading: 'オオアメ', pronunciation: 'オーアメ' },
  です: { pos: '助動詞', pos_detail_1: '*', reading: 'デス', pronunciation: 'デス' },
  '。': { pos: '記号', pos_detail_1: '句点', reading: '。', pronunciation: '。' },
  ごご: { pos: '名詞', pos_detail_1: '副詞可能', reading: 'ゴゴ', pronunciation: 'ゴゴ' },
  午後: { pos: '名詞', pos_detail_1: '副詞可能', reading: 'ゴゴ', pronunciation: 'ゴゴ' },
  に: { pos: '助詞', pos_detail_1: '格助詞', reading: 'ニ', pronunciation: 'ニ' },
  避難: { pos: '名詞', pos_detail_1: 'サ変接続', reading: 'ヒナン', pronunciation: 'ヒナン' },
  ラジオ: { pos: '名詞', pos_detail_1: '一般', reading: 'ラジオ', pronunciation: 'ラジオ' },
  NHK: { pos: '名詞', pos_detail_1: '固有名詞' },
  髙: { pos: '名詞', pos_detail_1: '一般' },
  ' ': { pos: '記号', pos_detail_1: '空白' },
};
const tokenize: TJapaneseTokenize = (input) => {
  const tokens: TJapaneseToken[] = [];
  let rest = input;
  while (rest) {
    const word = Object.keys(WORDS)
      .filter((candidate) => rest.startsWith(candidate))
      .sort((a, b) => b.length - a.length)[0];
    const surface = word ?? rest.slice(0, 1);
    tokens.push({ surface_form: surface, ...(WORDS[surface] ?? { pos: '名詞', pos_detail_1: '一般' }) });
    rest = rest.slice(surface.length);
  }
  return tokens;
};

describe('Japanese', () => {
  it('reads kanji into kana as pronounced (ー, particles わ and え); katakana and latin stay', () => {
    expect(text('ja', '東京は今夜、大雨です。', tokenize)).toBe('とーきょーわ こんや、おーあめです。');
    expect(text('ja', '東京へ', tokenize)).toBe('とーきょーえ');
    expect(text('ja', 'NHKは ラジオ', tokenize)).toBe('NHKわ ラジオ');
  });

  it('reads numbers with their counters and times as hour and minute', () => {
    expect(text('ja', '午後9時30分に避難', tokenize)).toBe('ごごくじさんじゅっぷんに ひなん');
    expect(text('ja', '午後9:30に避難', tokenize)).toBe('ごごくじさんじゅっぷんに ひなん');
    expect(text('ja', '9:00', tokenize)).toBe('くじ');
    for (const [input, kana] of [
      ['4時', 'よじ'],
      ['7時', 'しちじ'],
      ['16:45', 'じゅうろくじよんじゅうごふん'],
      ['8時10分', 'はちじじゅっぷん'],
      ['3時間', 'さんじかん'],
      ['2024年4月7日', 'にせんにじゅうよねん しがつ なのか'],
      ['1日', 'ついたち'],
      ['3日間', 'みっかかん'],
      ['1ヶ月', 'いっかげつ'],
      ['1,000人', 'せんにん'],
      ['2人', 'ふたり'],
      ['3階', 'さんがい'],
      ['20歳', 'はたち'],
      ['3.5%', 'さんてんごパーセント'],
      ['-5℃', 'マイナスごど'],
      ['１２時', 'じゅうにじ'],
    ]) {
      // Number pieces go to the tokenizer's output as they are (here: no tokenizer needed).
      expect(text('ja', input as string), input).toBe(kana);
    }
    expect(japaneseNumber(1000)).toBe('せん');
    expect(japaneseNumber(3800)).toBe('さんぜんはっぴゃく');
    expect(japaneseNumber(10_000_000)).toBe('いっせんまん');
    expect(japaneseNumber(1_0000_0000_0000)).toBe('いっちょう');
  });

  it('refuses kanji without the dictionary, or that the dictionary cannot read, naming them', () => {
    expect(prepareEspeakText('ja', '東京は雨です。')).toEqual({
      ok: false,
      reason: 'chinese_characters',
      characters: '東京雨',
      message:
        'espeak-ng cannot read Japanese text with Chinese characters (東京雨) without the Japanese dictionary',
    });
    expect(prepareEspeakText('ja', '髙は', tokenize)).toMatchObject({
      ok: false,
      characters: '髙',
      message:
        'espeak-ng cannot read Japanese text with Chinese characters: the Japanese dictionary has no reading for 髙',
    });
    // Kana alone needs no dictionary; the time's kanji become kana first.
    expect(text('ja', 'きょうは あめです。9時から')).toBe('きょうは あめです。くじから');
  });
});

describe('Korean', () => {
  it('reads hours 1–12 in native numbers, minutes and 24-hour hours in Sino-Korean', () => {
    expect(text('ko', '오후 9시에 대피하십시오')).toBe('오후 아홉 시에 대피하십시오');
    expect(text('ko', '오후 9:30에')).toBe('오후 아홉 시 30분에');
    expect(text('ko', '12:05')).toBe('열두 시 5분');
    expect(text('ko', '21:30')).toBe('21 시 30분');
    expect(text('ko', '13시')).toBe('13시');
  });

  it('counts hours, people and things in native numbers; decimals, % and ℃ in words', () => {
    expect(text('ko', '24시간 동안 3명')).toBe('스물네 시간 동안 세 명');
    expect(text('ko', '3개월')).toBe('3개월'); // months are counted in Sino-Korean
    expect(text('ko', '3.14')).toBe('3점 일사');
    expect(text('ko', '-5℃, 10%')).toBe('영하 5도, 10퍼센트');
    expect(koreanNativeNumber(20)).toBe('스무');
    expect(koreanNativeNumber(11)).toBe('열한');
  });

  it('refuses hanja', () => {
    expect(prepareEspeakText('ko', '漢字 한국어')).toMatchObject({
      ok: false,
      characters: '漢字',
      message: 'espeak-ng cannot read Korean text with Chinese characters (hanja: 漢字)',
    });
  });
});

describe('Mandarin', () => {
  it('reads times as 点 and 分, 2 o’clock as 两点, years digit by digit', () => {
    expect(text('zh', '请在21:30前离开')).toBe('请在二十一点三十分前离开');
    expect(text('zh', '2:05')).toBe('两点零五分');
    expect(text('zh', '10:00')).toBe('十点');
    // NFKC makes the full-width comma a comma, which espeak-ng pauses at just the same.
    expect(text('zh', '下午2点，2个人')).toBe('下午两点,两个人');
    expect(text('zh', '12点')).toBe('12点');
    expect(text('zh', '2024年')).toBe('二零二四年');
    expect(chineseNumber(15)).toBe('十五');
  });

  it('reads decimals, % and ℃', () => {
    expect(text('zh', '3.5')).toBe('3点五');
    expect(text('zh', '10%')).toBe('百分之10');
    expect(text('zh', '-5℃')).toBe('零下5度');
    expect(text('zh', '3~5天')).toBe('3到5天');
  });
});

describe('the Japanese reader', () => {
  it('loads once, only for Japanese, and says why a load failed', async () => {
    let loads = 0;
    const reader = cachedJapaneseReader(async () => {
      loads += 1;
      return tokenize;
    });
    expect(await prepareEspeakTextWith(reader, 'ko', '9시')).toEqual({ ok: true, text: '아홉 시' });
    expect(loads).toBe(0);
    expect(await prepareEspeakTextWith(reader, 'ja', '東京')).toEqual({ ok: true, text: 'とーきょー' });
    await prepareEspeakTextWith(reader, 'ja', '大雨');
    expect(loads).toBe(1);

    const broken = cachedJapaneseReader(async () => {
      throw new Error('base.dat.gz is missing');
    });
    expect(await prepareEspeakTextWith(broken, 'ja', '東京')).toMatchObject({
      ok: false,
      message:
        'espeak-ng cannot read Japanese text with Chinese characters (東京) without the Japanese dictionary, which could not be loaded: base.dat.gz is missing',
    });
  });
});
