import { describe, expect, it } from 'vitest';
import { wordLanguageList } from './error-codes.js';
import { backTranslationOverlap, translationWarnings, unchangedWords } from './translation-checks.js';

describe('translationWarnings', () => {
  it('accepts a translation that keeps every number, however the language writes the time', () => {
    expect(
      translationWarnings(
        'Closed until 5:30 PM on 11/28. Call 911.',
        'Cerrado hasta las 5:30 PM del 28/11. Llame al 911.',
      ),
    ).toEqual([]);
    // 12-hour times become 24-hour ones in French and German.
    expect(translationWarnings('The bridge opens at 5 PM.', 'Le pont ouvre à 17 h.')).toEqual([]);
    expect(translationWarnings('Doors open at 9:05.', 'Die Türen öffnen um 09:05.')).toEqual([]);
  });

  it('names the numbers the translation lost', () => {
    expect(
      translationWarnings(
        'Shelter at 450 Oak Avenue until 6 PM.',
        'Refugio en la avenida Oak hasta las 6 PM.',
      ),
    ).toEqual([{ code: 'numbers_missing', detail: '450' }]);
    expect(translationWarnings('Call 555-0100 or 911.', 'Llame al 555.')).toEqual([
      { code: 'numbers_missing', detail: '0100, 911' },
    ]);
  });

  it('names the words the engine said it did not know', () => {
    expect(
      translationWarnings('The Zorblax school is closed.', 'La escuela Zorblax está cerrada.', ['Zorblax']),
    ).toEqual([{ code: 'unknown_words', detail: 'Zorblax' }]);
  });

  it('flags a text the engine left as it was', () => {
    expect(translationWarnings('Please use Oak Avenue.', 'please use oak avenue. ')).toEqual([
      { code: 'unchanged', detail: null },
    ]);
    // Only numbers: nothing to translate.
    expect(translationWarnings('911', '911')).toEqual([]);
  });
});

describe('wordLanguageList', () => {
  it('words language codes as names in the reader language, and leaves anything else as it came', () => {
    expect(wordLanguageList('es,ko', 'en')).toBe('Spanish and Korean');
    expect(wordLanguageList('es,ko,fr', 'es')).toBe('español, coreano y francés');
    expect(wordLanguageList('not a code', 'en')).toBe('not a code');
  });
});

describe('signs an offline engine gave up', () => {
  it('flags ordinary words of the original left as they were, not names', () => {
    expect(
      translationWarnings('Boil your water before you drink it.', 'Hervir your water before you drink lo.'),
    ).toEqual([{ code: 'untranslated_run', detail: 'your water before you drink' }]);
    // Names kept as written are what we want: Coal County and Oak Street are not a run.
    expect(unchangedWords('Avoid Oak Street in Coal County.', 'Evite Oak Street en Coal County.')).toBeNull();
    expect(unchangedWords('Take cover now.', 'Tome refugio ahora.')).toBeNull();
  });

  it('measures how much of the original a back-translation keeps', () => {
    expect(backTranslationOverlap('Take cover now in a basement.', 'Take cover now in a basement.')).toBe(1);
    expect(backTranslationOverlap('Take cover now in a basement.', 'It takes covered now.')).toBeLessThan(
      0.5,
    );
  });
});
