// What no engine may translate (names, places, times, numbers): found in the original so every
// engine can hold it out of the translation and put it back exactly as written. A county called
// Coal is not "Carbón", the state code OK is not "VALE", and 11:45 PM is not "11:45 *PM".
//
// In any language: URLs, email addresses, @handles and #tags, phone numbers, times (with their
// zone), numbers and dates written in digits, and the station's own words (`keep`).
// In English originals only, names by their capitals: a run of Capitalised words ending in a
// place word ("Coal County", "Oak Street", "Lincoln High School"), numbered roads ("County Road
// 12", "I-35"), a state code after a place (", OK", "Norman OK"), capitalised words in mid-sentence
// that are neither common words nor the alert vocabulary ("Gerty", "Norman Fire Department") and
// acronyms ("NWS", "KQED"). Sentences written in capitals ("TAKE COVER NOW!") are shouting, not
// names: nothing in them is protected by its capitals.
import type { TLanguageCode } from './types.js';

export type TProtectedSpan = { start: number; end: number; text: string };

export type TProtectOptions = {
  /** The original's language: the name heuristics are English ones (the usual source). */
  from?: TLanguageCode;
  /** Words kept as written wherever they occur, ignoring case: the station's name. */
  keep?: readonly string[];
};

const words = (list: string) => new Set(list.trim().split(/\s+/));

/** US states, DC and the territories, as the NWS and the post office write them. */
export const US_STATE_CODES = words(`
  AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY
  NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC PR GU VI AS MP`);

const TIME_ZONES =
  'CDT|CST|EDT|EST|MDT|MST|PDT|PST|AKDT|AKST|HST|HDT|HAST|HADT|ChST|SST|AST|ADT|UTC|GMT|CT|ET|MT|PT';

/** Words that end a place's name: "Coal County", "Oak St", "Lincoln High School". */
const PLACE_WORDS = words(`
  County Counties Parish Street St Avenue Ave Road Rd Boulevard Blvd Drive Dr Lane Ln Highway Hwy
  Route Rte Parkway Pkwy Expressway Expy Freeway Fwy Turnpike Trail Trl Court Ct Circle Cir Plaza
  Square Terrace Place Pl School Schools Elementary Academy College University Park Lake River Creek
  Hospital Center Centre Church Library Mall Bridge Airport Stadium Arena Courthouse Campus Township`);

/** Words that start one: "Lake Thunderbird", "Fort Smith", "St. Louis". */
const PLACE_PREFIXES = words('Lake Mount Mt Fort Ft Port Saint St Camp');

/** Abbreviations whose dot does not end a sentence when a name follows ("St. Mary's", "Dr. Lee"). */
const PREFIX_ABBREVIATIONS = words('St Mt Ft Dr Mr Mrs Ms Prof Rev Gov Sen Rep Gen Lt Sgt Capt Hon');
/** Place abbreviations that may take their dot into the name in mid-sentence ("Oak St. is …"). */
const DOTTED_PLACES = words('St Ave Rd Blvd Dr Ln Hwy Rte Pkwy Expy Fwy Trl Ct Cir Pl Mt Ft');

/** Small words: capitalised in a title, never a name by themselves. */
const FUNCTION_WORDS = words(`
  a an the and or nor but for to in on at by of off from with within without into onto upon over
  under near as if than then so yet is are was were be been being am do does did has have had not
  no this that these those it its there here all any each every some such you your yours our ours
  we us they their them he him his she her who whom what when where which why how until till after
  before since while during between through across along around about per via up down out i me my`);

/**
 * Common English words that may stand capitalised at the start of a sentence or in a Title-Case
 * headline: never the first word of a name ("Avoid Oak Street" protects "Oak Street").
 */
const COMMON_WORDS = new Set([
  ...FUNCTION_WORDS,
  ...words(`
  take move stay go get seek leave avoid use call text reply please evacuate remain keep check turn
  drive follow listen monitor prepare expect report visit contact send tell note find see let make
  bring help protect secure close closed closing open opened reopen reopens reopened shelter head
  return wait walk run boil drink conserve limit lock unlock pick picked dismiss dismissed cancel
  cancelled canceled postpone postponed delay delayed resume resumed begin begins start starts end
  ends continue continues remains issued issues expires expired expire including include includes
  will would can could should must may might shall need needs want wants know thank thanks
  now today tonight tomorrow yesterday immediately soon later again also only just still already
  always never more most less least many much few several both other another same safe safely
  yes okay hello hi dear attention important urgent reminder notice information info latest
  residents parents students staff everyone anyone someone people families customers drivers
  visitors members neighbors neighbours children kids community public
  one two three four five six seven eight nine ten first second third last next
  if when while where what why how who because however therefore meanwhile also due`),
]);

/**
 * Capitalised in English text but to be translated: the NWS event vocabulary (Tornado Warning,
 * Flash Flood Emergency, Wind Advisory …), the headings of NWS products (HAZARD, IMPACT …),
 * directions, days, months and language names.
 */
const ALERT_VOCABULARY = words(`
  administrative advisory air alert alerts amber area areal arctic ashfall avalanche beach blizzard
  blowing blue boil brisk chill child abduction civil coastal cold craft current currents danger
  damaging dense dust earthquake effect emergency enforcement evacuation excessive extreme fire flag
  flash flood flooding fog force forecast freeze freezing frost gale hail hard hazard hazardous
  hazards heat heavy high hurricane hydrologic ice immediate lakeshore law lightning local low marine
  message national notification nuclear outlook particle plant power quality radiological rain
  rainfall red rip risk seas service severe shelter short sleet small smoke snow spray special
  squall statement storm surf surge term test thunderstorm tornado tropical tsunami typhoon update
  volcano warning warnings watch watches water weather wildfire wind winds winter police sheriff
  safety health office
  source impact impacts what where when additional details precautionary preparedness actions
  locations timing instructions
  north south east west northeast northwest southeast southwest northern southern eastern western
  central northeastern northwestern southeastern southwestern north-central south-central
  east-central west-central
  monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat
  january february march april may june july august september october november december jan feb
  mar apr jun jul aug sep sept oct nov dec
  english spanish french italian portuguese chinese japanese korean german christmas thanksgiving
  easter halloween`);

/** Direction adjectives that describe a place rather than name it ("southeastern Hughes County"). */
const DIRECTION_ADJECTIVES = words(`
  northern southern eastern western central northeastern northwestern southeastern southwestern
  north-central south-central east-central west-central`);

const ROAD_PATTERNS: RegExp[] = [
  // County Road 12, State Highway 9, Highway 270, US Highway 75, Route 66, Interstate 35, Exit 108
  /(?<![\p{L}\p{N}])(?:(?:County|State|US|U\.S\.|Farm to Market|Ranch to Market)\s+)?(?:Road|Rd\.?|Highway|Hwy\.?|Route|Rte\.?|Interstate|Loop|Spur|Exit|Mile Marker)\s?-?\s?\d+[A-Z]?(?![\p{L}\p{N}])/gu,
  // I-35, US-75, SH-9, OK-3, US 75, I 35
  /(?<![\p{L}\p{N}])(?:I|US|SH|SR|CR|FM|[A-Z]{2})[- ]\d+[A-Z]?(?![\p{L}\p{N}])/gu,
];
const ROAD_LETTER_PREFIXES = words('I US SH SR CR FM');

/** The patterns that hold in any language. */
const ANY_LANGUAGE: RegExp[] = [
  // URLs, with or without the scheme
  /\b(?:https?:\/\/|www\.)[^\s<>"]+/giu,
  /(?<![\p{L}\p{N}@.-])(?:[\p{L}\p{N}-]+\.)+(?:gov|com|org|net|edu|us|info|io|mil|app)\b(?:\/[^\s<>"]*)?/giu,
  // email addresses, @handles and #tags
  /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu,
  /(?<![\p{L}\p{N}@])[@#][\p{L}\p{N}_]+/gu,
  // phone numbers: (405) 555-0142, 405-555-0142, +1 405 555 0142, 1-800-555-0100, 555-0142
  /(?<![\p{N}])(?:\+?1[-.\s]?)?(?:\(\d{3}\)\s?|\d{3}[-.\s])\d{3}[-.\s]\d{4}(?:\s?(?:ext\.?|x)\s?\d+)?(?![\p{N}])/gu,
  /(?<![\p{L}\p{N}-])\d{3}-\d{4}(?![\p{N}])/gu,
  // times, with their zone: 11:45 PM, 11:23PM CDT, 1215 AM CDT, 5 p.m., 17:30, 17 h 30
  new RegExp(
    `(?<![\\p{L}\\p{N}])(?:\\d{1,2}:\\d{2}(?::\\d{2})?(?:\\s?[AaPp]\\.?\\s?[Mm]\\b\\.?)?|\\d{1,4}\\s?(?:[AaPp][Mm]\\b|[AaPp]\\.[Mm]\\.))(?:\\s?(?:${TIME_ZONES})\\b)?`,
    'gu',
  ),
  // numbers and dates in digits: 6, 20, 2025, 4/19/2025, 1,200, 3.5, 40%
  /(?<![\p{L}\p{N}])\d+(?:[.,:/-]\d+)*%?(?![\p{L}\p{N}])/gu,
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where an exact term occurs as a whole word or phrase, ignoring case. */
function termRanges(text: string, term: string): [number, number][] {
  const trimmed = term.trim();
  if (!trimmed) return [];
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(trimmed)}(?![\\p{L}\\p{N}])`, 'giu');
  return [...text.matchAll(pattern)].map((m) => [m.index, m.index + m[0].length]);
}

// ── words and sentences ─────────────────────────────────────────────────────────────────────

type TKind = 'title' | 'caps' | 'lower' | 'number' | 'ordinal';
type TToken = { text: string; start: number; end: number; lower: string; kind: TKind; letters: number };

const TOKEN = /[\p{L}\p{N}]+(?:['’]\p{L}+)*(?:-[\p{L}\p{N}]+)*/gu;
const PLACEHOLDER = /^ZXQ\d+$/;

function tokenize(text: string): TToken[] {
  return [...text.matchAll(TOKEN)].map((match) => {
    const word = match[0];
    const letters = (word.match(/\p{L}/gu) ?? []).length;
    const lower = word.toLowerCase();
    let kind: TKind;
    if (/^\d+(?:st|nd|rd|th)$/i.test(word)) kind = 'ordinal';
    else if (letters === 0) kind = 'number';
    else if (!/\p{Ll}/u.test(word) && letters >= 2) kind = 'caps';
    else if (/^\p{Lu}/u.test(word)) kind = 'title';
    else kind = 'lower';
    return { text: word, start: match.index, end: match.index + word.length, lower, kind, letters };
  });
}

/**
 * Whether a word at `index` starts a sentence (or a line of a list, or a heading's text): what
 * is capitalised there may be an ordinary word. A line wrapped mid-sentence (NWS products wrap
 * at 70 characters) does not start one.
 */
export function atSentenceStart(text: string, index: number): boolean {
  let i = index - 1;
  let newlines = 0;
  let bullet = false;
  while (i >= 0) {
    const ch = text[i] as string;
    if (ch === '\n') newlines += 1;
    else if ('*•–-'.includes(ch)) bullet = true;
    else if (!/[\s"“‘'([]/.test(ch)) break;
    i -= 1;
  }
  if (i < 0 || newlines >= 2 || (bullet && newlines >= 1)) return true;
  const ch = text[i] as string;
  if ('!?…:;'.includes(ch)) return true;
  if (ch === '.') {
    // "Dr. Lee", "St. Mary's" and initials ("J. Smith") go on; "Oak St. Take cover" ends.
    const before = /([\p{L}]+)\.*$/u.exec(text.slice(Math.max(0, i - 12), i + 1))?.[1] ?? '';
    if (/^\p{Lu}$/u.test(before)) return false;
    if (PREFIX_ABBREVIATIONS.has(before)) {
      const wordBefore = /(\p{L}+)\s+\p{L}+\.$/u.exec(text.slice(Math.max(0, i - 40), i + 1))?.[1];
      return before === 'St' && wordBefore !== undefined && /^\p{Lu}/u.test(wordBefore);
    }
    return true;
  }
  return newlines >= 1 && /[.!?:;…]/.test(ch);
}

const isPlaceholder = (token: TToken) => PLACEHOLDER.test(token.text);
const isCommon = (token: TToken) => COMMON_WORDS.has(token.lower);
const isVocabulary = (token: TToken) => ALERT_VOCABULARY.has(token.lower);
const isState = (token: TToken) => token.kind === 'caps' && US_STATE_CODES.has(token.text);
const isPlaceWord = (token: TToken) => token.kind === 'title' && PLACE_WORDS.has(token.text);
const isAmPm = (token: TToken) => /^(?:AM|PM)$/.test(token.text);

/**
 * Runs of two or more words in capitals that are ordinary words ("TAKE COVER NOW", "TORNADO
 * WARNING"): shouting, to be translated, never names. Acronyms side by side ("NWS KOUN") are not.
 */
function shoutingRuns(text: string, tokens: TToken[]): TToken[][] {
  const runs: TToken[][] = [];
  let run: TToken[] = [];
  const close = () => {
    const loud = run.filter((token) => token.kind === 'caps');
    if (loud.length >= 2 && loud.some((t) => isCommon(t) || isVocabulary(t) || t.lower.length > 5)) {
      runs.push(run);
    }
    run = [];
  };
  for (const token of tokens) {
    const shouts =
      (token.kind === 'caps' && !/\p{N}/u.test(token.text)) ||
      (token.kind === 'title' && token.letters === 1) ||
      (run.length > 0 && isPlaceholder(token));
    const previous = run[run.length - 1];
    const gap = previous ? text.slice(previous.end, token.start) : '';
    const joined = previous && /^[\s,'"“”‘’/&()-]*$/.test(gap) && !gap.includes('\n\n');
    if (!shouts || (previous && !joined)) close();
    if (shouts) run.push(token);
  }
  close();
  return runs.map((r) => r.filter((token) => !isPlaceholder(token)));
}

/**
 * Sentences in capitals in sentence case, for engines that translate words in capitals one by one
 * (Apertium writes "Movimiento A Un REFUGIO de TORMENTA"), and headings such as HAZARD in lower
 * case. Placeholders and acronyms stay as they are.
 */
export function calmShouting(text: string): string {
  const tokens = tokenize(text);
  const runs = shoutingRuns(text, tokens);
  // A heading of one word in capitals from the alert vocabulary: "HAZARD...Tornado."
  const inRuns = new Set(runs.flat());
  for (const token of tokens) {
    if (token.kind === 'caps' && token.letters >= 4 && isVocabulary(token) && !inRuns.has(token))
      runs.push([token]);
  }
  runs.sort((a, b) => (a[0]?.start ?? 0) - (b[0]?.start ?? 0));
  if (!runs.length) return text;
  let out = '';
  let at = 0;
  for (const token of runs.flat()) {
    let word = token.text === 'I' ? 'I' : token.lower;
    if (atSentenceStart(text, token.start)) word = word.charAt(0).toUpperCase() + word.slice(1);
    out += text.slice(at, token.start) + word;
    at = token.end;
  }
  return out + text.slice(at);
}

// ── names (English originals) ───────────────────────────────────────────────────────────────

function englishNameRanges(text: string): [number, number][] {
  const tokens = tokenize(text);
  const loud = new Set(shoutingRuns(text, tokens).flat());
  const initial = new Set(tokens.filter((t) => atSentenceStart(text, t.start)));
  const ranges: [number, number][] = [];

  // A Title-Case headline ("Tornado Warning Issued For Coal County") says nothing by its capitals:
  // there, only place words, state codes and acronyms mark names.
  const titleCase = new Set<TToken>();
  let sentence: TToken[] = [];
  const closeSentence = () => {
    const capitalisedCommon = sentence.filter((t) => !initial.has(t) && t.kind === 'title' && isCommon(t));
    if (capitalisedCommon.length >= 2) for (const t of sentence) titleCase.add(t);
    sentence = [];
  };
  for (const token of tokens) {
    if (initial.has(token)) closeSentence();
    sentence.push(token);
  }
  closeSentence();

  const eligible = (t: TToken) =>
    !loud.has(t) &&
    !isAmPm(t) &&
    (t.kind === 'title' || t.kind === 'caps' || t.kind === 'ordinal') &&
    !(t.kind === 'caps' && /^\p{N}/u.test(t.text));

  // Runs of capitalised words, joined by single spaces (or a wrapped line), "of", or the dot of
  // a leading abbreviation ("St. Mary's Hospital").
  const runs: TToken[][] = [];
  let run: TToken[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] as TToken;
    const previous = run[run.length - 1];
    if (!eligible(token)) {
      // "University of Oklahoma": "of" between two capitalised words stays inside the run.
      const next = tokens[i + 1];
      const joinsOf =
        token.text === 'of' &&
        previous &&
        next &&
        eligible(next) &&
        text.slice(previous.end, token.start) === ' ' &&
        text.slice(token.end, next.start) === ' ';
      if (joinsOf) {
        run.push(token);
        continue;
      }
      if (run.length) runs.push(run);
      run = [];
      continue;
    }
    if (previous) {
      const gap = text.slice(previous.end, token.start);
      const spaced = /^[ \t]+$/.test(gap) || /^[ \t]*\n[ \t]*$/.test(gap);
      const dotted =
        /^\.[ \t]+$/.test(gap) &&
        (PREFIX_ABBREVIATIONS.has(previous.text) || previous.letters === 1) &&
        (run.length === 1 || run.every((t) => PREFIX_ABBREVIATIONS.has(t.text) || t.letters === 1));
      if (!(spaced || dotted) || initial.has(token)) {
        runs.push(run);
        run = [];
      }
    }
    run.push(token);
  }
  if (run.length) runs.push(run);

  const isName = (t: TToken) =>
    (t.kind === 'title' && !isCommon(t) && !isVocabulary(t) && !isPlaceWord(t) && t.letters > 1) ||
    isAcronym(t);
  const isAcronym = (t: TToken) =>
    t.kind === 'caps' && !isCommon(t) && !isVocabulary(t) && !isState(t) && !isAmPm(t);
  const push = (from: TToken, to: TToken) => ranges.push([from.start, to.end]);

  for (const whole of runs) {
    // Capitalised small words ("For", "The") split a Title-Case run: "Issued For Coal County".
    const parts: TToken[][] = [[]];
    for (const token of whole) {
      if (token.kind !== 'lower' && FUNCTION_WORDS.has(token.lower) && token.text !== 'I') parts.push([]);
      else (parts[parts.length - 1] as TToken[]).push(token);
    }
    for (const part of parts) {
      let sub = part.filter((t, i) => !(t.kind === 'lower' && (i === 0 || i === part.length - 1)));
      // "Avoid Oak Street", "Please Avoid Oak Street": common words opening a sentence (or in a
      // title) are not the name's.
      const opens = sub.length > 0 && (initial.has(sub[0] as TToken) || titleCase.has(sub[0] as TToken));
      while (opens && sub.length && isCommon(sub[0] as TToken)) sub = sub.slice(1);
      while (sub.length && DIRECTION_ADJECTIVES.has((sub[0] as TToken).lower)) sub = sub.slice(1);
      if (!sub.length) continue;
      // A state code closing the run: "Norman OK".
      const last = sub[sub.length - 1] as TToken;
      const state = sub.length >= 2 && isState(last) ? last : undefined;
      if (state) sub = sub.slice(0, -1);

      let kept: [TToken, TToken] | undefined;
      const placeAt = sub.findLastIndex((t, i) => i > 0 && isPlaceWord(t));
      const first = sub[0] as TToken;
      if (placeAt > 0) {
        let end = placeAt;
        while (
          end + 1 < sub.length &&
          (isName(sub[end + 1] as TToken) || isPlaceWord(sub[end + 1] as TToken))
        )
          end += 1;
        kept = [first, sub[end] as TToken];
      } else if (
        PLACE_PREFIXES.has(first.text) &&
        sub.length >= 2 &&
        !isVocabulary(sub[1] as TToken) &&
        !isCommon(sub[1] as TToken)
      ) {
        kept = [first, sub[sub.length - 1] as TToken];
      } else {
        let from = 0;
        let to = sub.length - 1;
        const ordinary = (t: TToken) => isCommon(t) || isVocabulary(t) || isState(t);
        while (from <= to && ordinary(sub[from] as TToken)) from += 1;
        while (to >= from && ordinary(sub[to] as TToken)) to -= 1;
        const inner = sub.slice(from, to + 1);
        const named = titleCase.has(first)
          ? inner.some(isAcronym)
          : inner.some((t) => isAcronym(t) || (isName(t) && !initial.has(t)));
        if (named) kept = [inner[0] as TToken, inner[inner.length - 1] as TToken];
      }
      if (state) {
        if (kept && kept[1] === sub[sub.length - 1]) kept = [kept[0], state];
        else if (!kept) {
          const base = placeBefore(sub);
          if (base) kept = [base[0], state];
        }
      }
      if (kept) push(kept[0], kept[1]);

      // ", OK": a state code after a comma belongs with the place before it ("Coal, OK").
      const after = text.slice(last.end);
      const comma = /^,[ \t]*([A-Z]{2})(?![\p{L}\p{N}])/u.exec(after);
      if (!state && comma && US_STATE_CODES.has(comma[1] as string)) {
        const base = kept ?? placeBefore(sub);
        const end = last.end + comma[0].length;
        ranges.push([base ? base[0].start : end - 2, end]);
      }
    }
  }

  // A state code after any comma: "…, OK" (not in shouting: ", IN A BASEMENT").
  const byStart = new Map(tokens.map((t) => [t.start, t]));
  for (const match of text.matchAll(/,[ \t]*([A-Z]{2})(?![\p{L}\p{N}])/gu)) {
    const code = match[1] as string;
    const start = (match.index as number) + match[0].length - 2;
    const token = byStart.get(start);
    if (US_STATE_CODES.has(code) && token && !loud.has(token)) ranges.push([start, start + 2]);
  }

  for (const pattern of ROAD_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const prefix = /^([A-Z]{1,2})[- ]\d/.exec(match[0])?.[1];
      if (prefix && !ROAD_LETTER_PREFIXES.has(prefix) && !US_STATE_CODES.has(prefix)) continue;
      if (prefix && match[0][prefix.length] === ' ' && prefix !== 'US') continue; // "I 35" is not one
      ranges.push([match.index as number, (match.index as number) + match[0].length]);
    }
  }
  return ranges;

  /** The place a ", OK" follows when nothing before it was a name yet: "Coal, OK" at the start. */
  function placeBefore(sub: TToken[]): [TToken, TToken] | undefined {
    let from = 0;
    while (from < sub.length && (isCommon(sub[from] as TToken) || isVocabulary(sub[from] as TToken)))
      from += 1;
    if (from >= sub.length) return undefined;
    const tail = sub[sub.length - 1] as TToken;
    return isName(tail) || isPlaceWord(tail) ? [sub[from] as TToken, tail] : undefined;
  }
}

// ── all together ────────────────────────────────────────────────────────────────────────────

/**
 * The spans of `text` every engine must leave exactly as written, in order, not overlapping.
 * Neighbours separated only by spaces or a comma are one span ("Coal County, OK"): one placeholder
 * reads better to an engine than two.
 */
export function protectedSpans(text: string, options: TProtectOptions = {}): TProtectedSpan[] {
  const ranges: [number, number][] = [];
  for (const pattern of ANY_LANGUAGE) {
    for (const match of text.matchAll(pattern)) {
      let value = match[0];
      // A URL does not end with the sentence's punctuation.
      if (/^(?:https?:|www\.)|\.[a-z]{2,4}\b/i.test(value)) value = value.replace(/[.,;:!?)\]'"”’]+$/, '');
      ranges.push([match.index as number, (match.index as number) + value.length]);
    }
  }
  for (const term of options.keep ?? []) ranges.push(...termRanges(text, term));
  if ((options.from ?? 'en') === 'en') ranges.push(...englishNameRanges(text));

  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const [start, end] of ranges) {
    if (end <= start) continue;
    const last = merged[merged.length - 1];
    if (last && (start <= last[1] || /^(?:[ \t]+|,[ \t]*)$/.test(text.slice(last[1], start)))) {
      last[1] = Math.max(last[1], end);
    } else {
      merged.push([start, end]);
    }
  }
  return merged.map(([start, end]) => {
    let to = end;
    // A name's abbreviation keeps its dot in mid-sentence ("Oak St. is closed"); a span's final dot
    // that also ends the sentence stays outside ("until 5 p.m. Take cover": the sentence's dot).
    const lastWord = /(\p{L}+)$/u.exec(text.slice(start, to))?.[1] ?? '';
    if (text[to] === '.' && DOTTED_PLACES.has(lastWord) && /^\.[ \t]*[\p{Ll},;]/u.test(text.slice(to)))
      to += 1;
    if (text[to - 1] === '.' && /^(?:\s*$|\s+[\p{Lu}\p{N}])/u.test(text.slice(to))) to -= 1;
    return { start, end: to, text: text.slice(start, to) };
  });
}

/** The protected spans (each text once) that `translated` does not have exactly as written. */
export function missingSpans(translated: string, spans: readonly { text: string }[]): string[] {
  return [...new Set(spans.map((span) => span.text))].filter((span) => !translated.includes(span));
}
