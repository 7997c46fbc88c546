// What no engine may translate: names, places, state codes, times, numbers, phones, URLs, emails
// and the station's own words, found in the original (protect.ts).
import { describe, expect, it } from 'vitest';
import { calmShouting, missingSpans, protectedSpans } from './protect.js';

const spans = (text: string, options?: Parameters<typeof protectedSpans>[1]) =>
  protectedSpans(text, options).map((span) => span.text);

describe('protectedSpans', () => {
  it('keeps the places, the state code and the time of the typed emergency, not the alert words', () => {
    expect(
      spans('Tornado Warning for Coal County, OK until 11:45 PM. Take cover now. Avoid Oak Street.'),
    ).toEqual(['Coal County, OK', '11:45 PM', 'Oak Street']);
    // The alert's name alone is vocabulary, to be translated.
    expect(spans('Tornado Warning')).toEqual([]);
    expect(spans('A Flash Flood Emergency and a Wind Advisory are in effect.')).toEqual([]);
  });

  it('returns where each span is, in order', () => {
    const text = 'Avoid Oak Street at 5 PM.';
    expect(protectedSpans(text)).toEqual([
      { start: 6, end: 16, text: 'Oak Street' },
      { start: 20, end: 24, text: '5 PM' },
    ]);
  });

  it('reads the NWS headline and area: times with zones, the office, state codes after a comma', () => {
    expect(
      spans('Tornado Warning issued April 19 at 11:23PM CDT until April 20 at 12:15AM CDT by NWS Norman OK'),
    ).toEqual(['19', '11:23PM CDT', '20', '12:15AM CDT', 'NWS Norman OK']);
    // "Coal" opens the text and is an English word: the ", OK" after it makes it a place.
    expect(spans('Coal, OK; Hughes, OK')).toEqual(['Coal, OK', 'Hughes, OK']);
    expect(spans('* Until 1215 AM CDT.')).toEqual(['1215 AM CDT']);
  });

  it('does not take a capital opening a sentence for a name, nor the common word before a place', () => {
    expect(spans('Residents should stay inside. Mobile homes will be damaged.')).toEqual([]);
    expect(spans('Use Elm Avenue. Evacuate Riverside Park now.')).toEqual(['Elm Avenue', 'Riverside Park']);
    expect(spans('Please Avoid Oak Street.')).toEqual(['Oak Street']);
    // A place opening the sentence is still a place; a name in mid-sentence is a name.
    expect(spans('Lincoln High School is closed. Shelters are open in Norman and Moore.')).toEqual([
      'Lincoln High School',
      'Norman',
      'Moore',
    ]);
    // Direction adjectives describe the place: translated.
    expect(spans('North central Coal County in southeastern Oklahoma.')).toEqual(['Coal County', 'Oklahoma']);
  });

  it('leaves sentences in capitals to be translated', () => {
    expect(spans('TAKE COVER NOW! Move to a storm shelter.')).toEqual([]);
    expect(spans('NWS: TORNADO WARNING in this area til 12:15 AM CDT. Take shelter now.')).toEqual([
      'NWS',
      '12:15 AM CDT',
    ]);
    // A comma and a state code in shouting are words: ", IN A BASEMENT".
    expect(spans('TAKE SHELTER NOW, IN A BASEMENT OR INTERIOR ROOM.')).toEqual([]);
    // One word in capitals is emphasis when it is a common word, an acronym when it is not.
    expect(spans('Take cover NOW. Listen to KOCO for updates.')).toEqual(['KOCO']);
  });

  it('handles "St." as a street and as a saint, and the dot that ends the sentence', () => {
    expect(spans('Avoid Oak St. near the school.')).toEqual(['Oak St.']);
    expect(spans('Avoid Oak St. Take cover now.')).toEqual(['Oak St']);
    expect(spans("St. Mary's Hospital on N. Porter Ave. is open.")).toEqual([
      "St. Mary's Hospital",
      'N. Porter Ave.',
    ]);
    expect(spans('Stay home until 6 a.m. Schools are closed.')).toEqual(['6 a.m']);
  });

  it('keeps numbered roads, phones, URLs and emails', () => {
    expect(spans('Use County Road 12 or Highway 9 instead of I-35 and US-75.')).toEqual([
      'County Road 12',
      'Highway 9',
      'I-35',
      'US-75',
    ]);
    expect(
      spans('Call (405) 555-0142 or 1-800-555-0100, visit https://norman.example.org/alerts?x=1&y=2.'),
    ).toEqual(['(405) 555-0142', '1-800-555-0100', 'https://norman.example.org/alerts?x=1&y=2']);
    expect(spans('Write to alerts@norman.example.org or see weather.gov today.')).toEqual([
      'alerts@norman.example.org',
      'weather.gov',
    ]);
    expect(spans('Boil water until 4/25/2025; 1,200 homes and 40% of roads.')).toEqual([
      '4/25/2025',
      '1,200',
      '40%',
    ]);
  });

  it('finds names of organisations and people, and a Title-Case headline by its place words only', () => {
    expect(spans('The Norman Fire Department says Main Street reopens Monday.')).toEqual([
      'Norman Fire Department',
      'Main Street',
    ]);
    expect(spans('Mr. Smith from the University of Oklahoma speaks in Moore OK.')).toEqual([
      'Mr. Smith',
      'University of Oklahoma',
      'Moore OK',
    ]);
    expect(spans('Tornado Warning Issued For Coal County Until Midnight')).toEqual(['Coal County']);
    expect(spans('Water main break near Lake Thunderbird.')).toEqual(['Lake Thunderbird']);
  });

  it("keeps the station's words wherever they are, as written", () => {
    expect(spans('Radio Norte informa: calle cerrada.', { from: 'es', keep: ['radio norte'] })).toEqual([
      'Radio Norte',
    ]);
    expect(spans('listen to kqed news', { keep: ['KQED'] })).toEqual(['kqed']);
  });

  it('applies the English name rules to English originals only; times and numbers in any language', () => {
    const spanish = 'Aviso de Tornado para el Condado Coal hasta las 11:45 PM. Llame al 405-555-0142.';
    expect(spans(spanish, { from: 'es' })).toEqual(['11:45 PM', '405-555-0142']);
    expect(spans('Gerty and Stuart', { from: 'fr' })).toEqual([]);
  });
});

describe('calmShouting', () => {
  it('puts sentences in capitals in sentence case, leaving placeholders and acronyms', () => {
    expect(calmShouting('TAKE COVER NOW! MOVE TO A STORM SHELTER IN ZXQ1.')).toBe(
      'Take cover now! Move to a storm shelter in ZXQ1.',
    );
    expect(calmShouting('NWS: TORNADO WARNING in this area. Listen to KOCO.')).toBe(
      'NWS: Tornado warning in this area. Listen to KOCO.',
    );
    expect(calmShouting('Avoid Oak Street.')).toBe('Avoid Oak Street.');
  });
});

describe('missingSpans', () => {
  it('names each span the translation does not have exactly as written', () => {
    const kept = [{ text: 'Coal County, OK' }, { text: '11:45 PM' }, { text: '11:45 PM' }];
    expect(missingSpans('Aviso para Coal County, OK hasta 11:45 p. m.', kept)).toEqual(['11:45 PM']);
  });
});
