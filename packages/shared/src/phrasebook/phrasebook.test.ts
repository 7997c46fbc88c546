import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, type TLanguageCode } from '../constants.js';
import { composedSms } from '../sms-compose.js';
import { isGsm7 } from '../sms-segments.js';
import {
  findPhrase,
  matchInstruction,
  NWS_EVENT_NAMES,
  NWS_INSTRUCTIONS,
  nwsEventName,
  PHRASE_FIELD_LIMITS,
  PHRASE_FIELDS,
  PHRASEBOOK,
  phraseFieldProblems,
  renderPhrase,
  renderPhraseTitle,
  splitSentences,
  type TPhraseField,
  untranslatedNotice,
} from './index.js';
import { normaliseInstruction } from './nws-instructions.js';

const fixture = (path: string) =>
  readFileSync(new URL(`../../../../apps/server/src/test/fixtures/nws/${path}`, import.meta.url), 'utf8');

const LATIN: readonly TLanguageCode[] = ['en', 'es', 'fr', 'de', 'it', 'pt'];
const CJK: readonly TLanguageCode[] = ['zh', 'ja', 'ko'];
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);

/**
 * Texts that are UCS-2 because the hazard's own name has a letter outside GSM-7, with no word
 * that avoids it (es "huracán", pt "furacão", pt "água"). They are kept short, and their budget is
 * three segments instead of two: at UCS-2's 67 characters a segment, the frame (station name and
 * opt-out line, 50 characters) and two long fields leave too little room in two for any warning.
 * Every other es, fr, de, it and pt text is GSM-7.
 */
const UCS2_BY_NECESSITY: Record<string, readonly TLanguageCode[]> = {
  hurricane_warning: ['es', 'pt'],
  boil_water_advisory: ['pt'],
};

/** Every field filled to its limit, and a 20-character station name: the longest SMS staff can make. */
const WORST: Record<TPhraseField, string> = Object.fromEntries(
  PHRASE_FIELDS.map((field) => [field, 'W'.repeat(PHRASE_FIELD_LIMITS[field])]),
) as Record<TPhraseField, string>;
const STATION = 'Riverside Radio KXYZ';

describe('phrasebook entries', () => {
  it('has the 18 WEA types and the 10 station entries, each with a unique snake_case id', () => {
    expect(PHRASEBOOK.filter((entry) => entry.group === 'wea')).toHaveLength(18);
    expect(PHRASEBOOK.filter((entry) => entry.group === 'station')).toHaveLength(10);
    const ids = PHRASEBOOK.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
  });

  it.each(PHRASEBOOK.map((entry) => [entry.id, entry] as const))(
    '%s has a title and a text in all nine languages, using exactly its fields',
    (_id, entry) => {
      expect(Object.keys(entry.title).sort()).toEqual([...LANGUAGE_CODES].sort());
      expect(Object.keys(entry.text).sort()).toEqual([...LANGUAGE_CODES].sort());
      for (const field of entry.fields) expect(PHRASE_FIELDS).toContain(field);
      expect(new Set(entry.fields).size, 'no field twice').toBe(entry.fields.length);
      expect([...new Set(placeholders(entry.text.en))], 'fields in the order English uses them').toEqual([
        ...entry.fields,
      ]);
      for (const language of LANGUAGE_CODES) {
        const text = entry.text[language];
        const title = entry.title[language];
        expect(text.trim(), language).not.toBe('');
        expect(title.trim(), language).not.toBe('');
        expect(text, language).toBe(text.trim());
        expect(new Set(placeholders(text)), `${language} uses exactly the fields`).toEqual(
          new Set(entry.fields),
        );
        expect(text.replace(/\{\w+\}/g, ''), `${language}: no stray braces`).not.toMatch(/[{}]/);
        for (const name of placeholders(title)) expect(entry.fields, `${language} title`).toContain(name);
        expect(title.replace(/\{\w+\}/g, ''), `${language} title: no stray braces`).not.toMatch(/[{}]/);
      }
    },
  );

  it('titles a WEA entry with the NWS event name of the same English name, in every language', () => {
    for (const entry of PHRASEBOOK.filter((e) => e.group === 'wea')) {
      const names = NWS_EVENT_NAMES[entry.title.en];
      if (names) expect(entry.title, entry.id).toEqual(names);
    }
  });

  it('keeps es, fr, de, it and pt to GSM-7 letters except where the hazard name forbids it', () => {
    for (const entry of PHRASEBOOK) {
      for (const language of LATIN) {
        const ucs2 = UCS2_BY_NECESSITY[entry.id]?.includes(language) ?? false;
        expect(isGsm7(entry.text[language]), `${entry.id} ${language}`).toBe(!ucs2);
      }
    }
  });

  const cases = PHRASEBOOK.flatMap((entry) =>
    LANGUAGE_CODES.map((language) => [entry.id, language] as const),
  );
  it.each(cases)('%s in %s fits its budget with every field at its longest', (id, language) => {
    const entry = findPhrase(id);
    if (!entry) throw new Error(id);
    const sms = composedSms(STATION, renderPhrase(entry, language, WORST), language);
    const budget = CJK.includes(language) ? 3 : UCS2_BY_NECESSITY[id]?.includes(language) ? 3 : 2;
    expect(sms.segments, `${sms.encoding}, ${sms.characters} characters: ${sms.body}`).toBeLessThanOrEqual(
      budget,
    );
  });
});

describe('rendering', () => {
  const warning = findPhrase('tornado_warning');
  if (!warning) throw new Error('tornado_warning');
  const values = { county: 'Coal County', state: 'OK', time: '11:45 PM' };

  it('finds entries by id', () => {
    expect(findPhrase('tornado_warning')?.title.en).toBe('Tornado Warning');
    expect(findPhrase('no_such_entry')).toBeUndefined();
  });

  it('inserts the values exactly as typed, trimmed, in every language', () => {
    expect(renderPhrase(warning, 'en', values)).toBe(
      'Tornado Warning for Coal County, OK until 11:45 PM. Take cover now in a basement or an interior room on the lowest floor, away from windows.',
    );
    for (const language of LANGUAGE_CODES) {
      const text = renderPhrase(warning, language, {
        county: '  Coal County ',
        state: 'OK',
        time: '11:45 PM\n',
      });
      for (const value of Object.values(values)) expect(text, language).toContain(value);
      expect(text, language).not.toMatch(/[{}]/);
      expect(renderPhraseTitle(warning, language, values)).toBe(warning.title[language]);
    }
    const road = findPhrase('road_closed');
    if (!road) throw new Error('road_closed');
    expect(renderPhrase(road, 'de', { street: 'Oak Street' })).toContain('Oak Street');
  });

  it('never reads a value as a pattern or a placeholder', () => {
    const text = renderPhrase(warning, 'es', { county: '$& {state} $1', state: 'OK', time: '$$' });
    expect(text).toContain('$& {state} $1, OK hasta las $$.');
  });

  it('throws when a field has no value', () => {
    expect(() => renderPhrase(warning, 'fr', { county: 'Coal County', state: 'OK' })).toThrow(/time/);
    expect(() => renderPhrase(warning, 'en', { ...values, county: '   ' })).toThrow(/county/);
  });

  it('reports missing and too long values, and nothing for fields the entry does not use', () => {
    expect(phraseFieldProblems(warning, values)).toEqual([]);
    expect(phraseFieldProblems(warning, { state: 'x'.repeat(21), time: ' ', url: 'x'.repeat(999) })).toEqual([
      { field: 'county', problem: 'required' },
      { field: 'state', problem: 'too_long' },
      { field: 'time', problem: 'required' },
    ]);
    expect(phraseFieldProblems(warning, { ...values, county: ` ${'x'.repeat(40)} ` })).toEqual([]);
  });
});

describe('NWS event names', () => {
  const events: string[] = JSON.parse(fixture('alert-types.json')).eventTypes;

  it('names every NWS event, and nothing else, in all nine languages', () => {
    expect(events).toHaveLength(127);
    expect(Object.keys(NWS_EVENT_NAMES).sort()).toEqual([...events].sort());
    for (const event of events) {
      const names = NWS_EVENT_NAMES[event];
      expect(Object.keys(names ?? {}).sort(), event).toEqual([...LANGUAGE_CODES].sort());
      expect(names?.en).toBe(event);
      for (const language of LANGUAGE_CODES) {
        const name = nwsEventName(event, language) ?? '';
        expect(name.trim(), `${event} ${language}`).not.toBe('');
        if (CJK.includes(language)) {
          // Digits and the "911" of the name may stay; English words may not.
          expect(name.replace(/911/g, ''), `${event} ${language}`).not.toMatch(/[A-Za-z]/);
        } else if (language !== 'en' && event !== 'Test') {
          expect(name, `${event} ${language}: translated`).not.toBe(event);
        }
      }
    }
  });

  it('names each event differently within a language', () => {
    for (const language of LANGUAGE_CODES) {
      const names = events.map((event) => NWS_EVENT_NAMES[event]?.[language]);
      const repeated = names.filter((name, index) => names.indexOf(name) !== index);
      expect(repeated, language).toEqual([]);
    }
  });

  it('looks names up as NWS spells them, forgiving case, and knows nothing else', () => {
    expect(nwsEventName('Tornado Warning', 'es')).toBe('Aviso de tornado');
    expect(nwsEventName('tornado warning', 'ja')).toBe('竜巻警報');
    expect(nwsEventName('Zombie Warning', 'fr')).toBeUndefined();
    expect(nwsEventName('constructor', 'fr')).toBeUndefined();
  });
});

describe('NWS instructions', () => {
  it('has vetted wording in all nine languages and no pattern in two instructions', () => {
    expect(NWS_INSTRUCTIONS.length).toBeGreaterThanOrEqual(12);
    const owner = new Map<string, string>();
    for (const instruction of NWS_INSTRUCTIONS) {
      expect(Object.keys(instruction.text).sort(), instruction.id).toEqual([...LANGUAGE_CODES].sort());
      for (const language of LANGUAGE_CODES) expect(instruction.text[language].trim()).not.toBe('');
      // Spellings that normalise alike (with and without the serial comma) may both be listed.
      for (const pattern of instruction.patterns) {
        const key = normaliseInstruction(pattern);
        expect(owner.get(key) ?? instruction.id, pattern).toBe(instruction.id);
        owner.set(key, instruction.id);
        expect(matchInstruction(pattern)?.id).toBe(instruction.id);
      }
    }
    expect(new Set(NWS_INSTRUCTIONS.map((i) => i.id)).size).toBe(NWS_INSTRUCTIONS.length);
  });

  it('matches the recorded tornado warning sentence by sentence', () => {
    const alert = JSON.parse(fixture('tornado-warning-ok.json'));
    const instruction: string = alert.properties.instruction;
    const sentences = splitSentences(instruction.split('\n').join(' '));
    expect(sentences).toEqual([
      'TAKE COVER NOW!',
      'Move to a storm shelter, safe room or an interior room on the lowest floor of a sturdy building.',
      'Avoid windows.',
      'If you are outdoors, in a mobile home, or in a vehicle, move to the closest substantial shelter and protect yourself from flying debris.',
    ]);
    expect(sentences.map((sentence) => matchInstruction(sentence)?.id)).toEqual([
      'take_cover_now',
      'storm_shelter_safe_room',
      'avoid_windows',
      'outdoors_mobile_home_vehicle',
    ]);
    // The same text as NWS wraps it (70 columns) splits the same way.
    expect(splitSentences(instruction)).toEqual(sentences);
  });

  it('matches the recorded severe thunderstorm warning', () => {
    const alert = JSON.parse(fixture('severe-thunderstorm-warning-ok.json'));
    const ids = splitSentences(alert.properties.instruction).map((s) => matchInstruction(s)?.id);
    expect(ids).toEqual(['interior_room_for_protection', 'tornado_watch_remains']);
  });

  it('matches whatever the case, spacing and final punctuation', () => {
    expect(matchInstruction('take cover now')?.id).toBe('take_cover_now');
    expect(matchInstruction('  MOVE TO HIGHER GROUND NOW!  ')?.id).toBe('move_to_higher_ground');
    expect(matchInstruction('Turn around, don’t drown when encountering flooded roads.')?.id).toBe(
      'turn_around_dont_drown',
    );
    expect(matchInstruction('Move to a basement now.')).toBeUndefined();
  });

  it('keeps abbreviations inside their sentence', () => {
    expect(splitSentences('Flooding is occurring near St. Louis and Mt. Vernon. Avoid windows.')).toEqual([
      'Flooding is occurring near St. Louis and Mt. Vernon.',
      'Avoid windows.',
    ]);
    expect(splitSentences('Until 11 p.m. CDT on U.S. Highway 69. Move to higher ground now!')).toEqual([
      'Until 11 p.m. CDT on U.S. Highway 69.',
      'Move to higher ground now!',
    ]);
    expect(splitSentences('HAZARD...Tornado.\n\nSOURCE...Radar indicated rotation.')).toEqual([
      'HAZARD...Tornado.',
      'SOURCE...Radar indicated rotation.',
    ]);
    expect(splitSentences('  ')).toEqual([]);
  });
});

describe('untranslated notice', () => {
  it('names the original language in the reader language', () => {
    expect(untranslatedNotice('es', 'en')).toBe('Alerta sin traducir. Texto original en inglés.');
    expect(untranslatedNotice('en', 'es')).toBe('Alert not translated. Original text in Spanish.');
    expect(untranslatedNotice('ko', 'en')).toBe('이 알림은 번역되지 않았습니다. 원문은 영어입니다.');
    for (const reader of LANGUAGE_CODES) {
      for (const original of LANGUAGE_CODES) {
        expect(untranslatedNotice(reader, original), `${reader} ${original}`).not.toMatch(/[{}]/);
      }
    }
  });

  it('is GSM-7 in es, fr, de and it for an English original', () => {
    for (const reader of ['es', 'fr', 'de', 'it'] as const) {
      expect(isGsm7(untranslatedNotice(reader, 'en')), reader).toBe(true);
    }
  });
});
