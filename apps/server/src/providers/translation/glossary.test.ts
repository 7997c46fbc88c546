// The station's glossary on every engine: DeepL through its glossaries, the LLM engine
// through its instructions, Google, LibreTranslate and Apertium through placeholders.
import { afterAll, describe, expect, it } from 'vitest';
import { skipWithout } from '../../../../../test-support/binaries.js';
import {
  startFakeDeepL,
  startFakeGoogleTranslate,
  startFakeLibreTranslate,
  startFakeOpenAi,
} from '../../test/fake-translation-servers.js';
import { createApertiumProvider, readMarks } from './apertium.js';
import { createDeepLProvider } from './deepl.js';
import { holdText, translateWithPlaceholders } from './glossary.js';
import { createGoogleProvider } from './google.js';
import { createLibreTranslateProvider } from './libretranslate.js';
import { createOpenAiProvider } from './openai.js';
import type { TGlossaryEntry, TTranslationRequest } from './types.js';

const TIMEOUT = { timeoutMs: 10_000 };
const GLOSSARY: TGlossaryEntry[] = [
  { term: 'Oak Avenue', target: 'Oak Avenue' },
  { term: 'KQED', target: 'KQED' },
  { term: 'Lincoln High School', target: 'Escuela Secundaria Lincoln' },
];
const request: TTranslationRequest = {
  text: 'Please use Oak Avenue; Lincoln High School is closed. Listen to KQED.',
  from: 'en',
  to: 'es',
  glossary: GLOSSARY,
};

describe('glossary placeholders', () => {
  it('swaps each term for a code the engine keeps, then for its words in the target language', async () => {
    const sent: string[] = [];
    const out = await translateWithPlaceholders(request, async (text) => {
      sent.push(text);
      return `[es] ${text.toLowerCase()}`;
    });
    expect(sent).toEqual(['Please use ZXQ2; ZXQ1 is closed. Listen to ZXQ3.']);
    expect(out).toBe('[es] please use Oak Avenue; Escuela Secundaria Lincoln is closed. listen to KQED.');
  });

  it('matches whole words ignoring case, and leaves text without terms alone', async () => {
    const seen: string[] = [];
    const run = async (text: string) => {
      seen.push(text);
      return text;
    };
    await translateWithPlaceholders({ ...request, text: 'OAK AVENUE is open; oak avenues are not.' }, run);
    await translateWithPlaceholders({ ...request, text: 'No names here.' }, run);
    expect(seen).toEqual(['ZXQ1 is open; oak avenues are not.', 'No names here.']);
  });

  it('holds protected spans in the same numbering, and puts each back exactly as written', async () => {
    const sent: string[] = [];
    const out = await translateWithPlaceholders(
      { ...request, text: 'Lincoln High School is closed; use Oak Avenue or Elm Street until 5:30 PM.' },
      async (text) => {
        sent.push(text);
        return `[es] ${text}`;
      },
    );
    // The glossary's terms in the text first (longest first), then the spans in order.
    expect(sent).toEqual(['ZXQ1 is closed; use ZXQ2 or ZXQ3 until ZXQ4.']);
    expect(out).toBe(
      '[es] Escuela Secundaria Lincoln is closed; use Oak Avenue or Elm Street until 5:30 PM.',
    );
  });

  it('cuts a protected span around a glossary term it overlaps', () => {
    const held = holdText(
      {
        text: 'Tornado Warning for Coal County, OK until 11:45 PM.',
        from: 'en',
        to: 'es',
        glossary: [{ term: 'Coal County', target: 'Condado de Coal' }],
      },
      { glossary: true },
    );
    expect(held.text).toBe('Tornado Warning for ZXQ1, ZXQ2 until ZXQ3.');
    expect(held.slots.map((slot) => [slot.code, slot.replacement])).toEqual([
      ['ZXQ1', 'Condado de Coal'],
      ['ZXQ2', 'OK'],
      ['ZXQ3', '11:45 PM'],
    ]);
  });

  it("keeps the request's own words (the station's name) in placeholders too", async () => {
    const sent: string[] = [];
    await translateWithPlaceholders(
      { text: 'radio norte says: stay inside.', from: 'en', to: 'es', keep: ['Radio Norte'] },
      async (text) => {
        sent.push(text);
        return text;
      },
    );
    expect(sent).toEqual(['ZXQ1 says: stay inside.']);
  });

  it('when a span is lost: the text as written if it keeps every span, else piece by piece', async () => {
    const text = 'Tornado Warning for Coal County, OK until 11:45 PM. Avoid Oak Street.';
    // The plain text keeps them: used as it is (as the glossary always did).
    const first: string[] = [];
    const plain = await translateWithPlaceholders({ text, from: 'en', to: 'es' }, async (sent) => {
      first.push(sent);
      return sent.includes('ZXQ') ? 'Aviso de tornado.' : `[es] ${sent}`;
    });
    expect(first).toEqual(['Tornado Warning for ZXQ1 until ZXQ2. Avoid ZXQ3.', text]);
    expect(plain).toBe(`[es] ${text}`);
    // It does not: the pieces between the spans are translated, the spans never sent.
    const pieces: string[] = [];
    const out = await translateWithPlaceholders({ text, from: 'en', to: 'es' }, async (sent) => {
      pieces.push(sent);
      if (sent.includes('ZXQ')) return 'Aviso de tornado.';
      return sent.replace('Oak Street', 'Calle de Roble').replace('OK', 'VALE').toUpperCase();
    });
    expect(pieces.slice(2)).toEqual(['Tornado Warning for', 'until', '. Avoid']);
    expect(out).toBe('TORNADO WARNING FOR Coal County, OK UNTIL 11:45 PM. AVOID Oak Street.');
  });

  it('translates without the glossary rather than send a lost placeholder', async () => {
    const sent: string[] = [];
    const out = await translateWithPlaceholders(request, async (text) => {
      sent.push(text);
      return text.includes('ZXQ') ? 'Por favor use la avenida.' : 'Use Oak Avenue.';
    });
    expect(sent).toHaveLength(2);
    expect(out).toBe('Use Oak Avenue.');
  });
});

describe('DeepL applies the glossary through a DeepL glossary', async () => {
  const fake = await startFakeDeepL({ apiKey: 'deepl-key' });
  afterAll(() => fake.close());
  const deepl = createDeepLProvider({ apiKey: 'deepl-key', apiUrl: fake.url }, TIMEOUT);

  it('makes one glossary for the pair and entries, and names it on every translation that needs it', async () => {
    const first = await deepl.translate(request);
    expect(first).toBe('[ES] Please use Oak Avenue; Escuela Secundaria Lincoln is closed. Listen to KQED.');
    await deepl.translate({
      ...request,
      text: 'Oak Avenue reopens; KQED has news. Lincoln High School too.',
    });
    const made = fake.requests.filter((r) => r.path === '/v2/glossaries');
    expect(made).toHaveLength(1);
    expect(made[0]?.json).toEqual({
      name: 'Message Station en-es',
      source_lang: 'en',
      target_lang: 'es',
      entries: 'KQED\tKQED\nLincoln High School\tEscuela Secundaria Lincoln\nOak Avenue\tOak Avenue',
      entries_format: 'tsv',
    });
    const translations = fake.requests.filter((r) => r.path === '/v2/translate');
    const glossaryIds = translations.map(
      (r) => (r.json as { glossary_id?: string } | undefined)?.glossary_id,
    );
    expect(glossaryIds[0]).toMatch(/^def3a26b-/);
    expect(glossaryIds[1]).toBe(glossaryIds[0]);
    // A text with none of the terms needs no glossary.
    await deepl.translate({ ...request, text: 'Stay home.' });
    expect(fake.requests.at(-1)?.json).not.toHaveProperty('glossary_id');
  });
});

describe('the LLM engine gets the glossary as instructions', async () => {
  const fake = await startFakeOpenAi({ apiKey: 'sk-test' });
  afterAll(() => fake.close());
  const openai = createOpenAiProvider({ baseUrl: `${fake.url}/v1`, apiKey: 'sk-test', model: 'm' }, TIMEOUT);

  it('lists the terms in the text, what to keep and what to write', async () => {
    await openai.translate(request);
    const messages = (fake.requests[0]?.json as { messages?: { content: string }[] } | undefined)?.messages;
    const system = messages?.[0];
    expect(system?.content).toContain('Use this glossary; it overrides the rules above:');
    expect(system?.content).toContain('- "Oak Avenue": keep exactly as written, do not translate it.');
    expect(system?.content).toContain('- "Lincoln High School": write it as "Escuela Secundaria Lincoln".');
    // The user's text itself is unchanged: no placeholders for the model.
    expect(messages?.[1]?.content).toBe(request.text);
  });
});

describe('Google and LibreTranslate keep the terms through placeholders', async () => {
  const google = await startFakeGoogleTranslate({ apiKey: 'google-key' });
  const libre = await startFakeLibreTranslate();
  afterAll(() => Promise.all([google.close(), libre.close()]));

  it.each([
    ['Google', () => createGoogleProvider({ apiKey: 'google-key', apiUrl: google.url }, TIMEOUT), google],
    ['LibreTranslate', () => createLibreTranslateProvider({ url: libre.url }, TIMEOUT), libre],
  ] as const)('%s', async (_name, make, fake) => {
    const out = await make().translate(request);
    const sent = JSON.stringify(fake.requests.at(-1)?.json);
    expect(sent).toContain('Please use ZXQ2; ZXQ1 is closed. Listen to ZXQ3.');
    expect(out).toContain('Please use Oak Avenue; Escuela Secundaria Lincoln is closed. Listen to KQED.');
  });
});

describe('Apertium keeps the terms through placeholders, also through Spanish', () => {
  const noApertium = skipWithout('apertium');
  const apertium = createApertiumProvider({}, TIMEOUT);

  it.skipIf(noApertium)('"Please use Oak Avenue" keeps the street in Spanish and Portuguese', async () => {
    const glossary = [{ term: 'Oak Avenue', target: 'Oak Avenue' }];
    const text = 'Please use Oak Avenue.';
    for (const to of ['es', 'pt'] as const) {
      const translated = await apertium.translate({ text, from: 'en', to, glossary });
      expect(translated).toContain('Oak Avenue');
      expect(translated).not.toMatch(/roble|carvalho/i);
    }
    // Without the glossary the street is kept all the same: a protected span (protect.ts).
    expect(await apertium.translate({ text: 'Please use Oak Avenue.', from: 'en', to: 'es' })).toContain(
      'Oak Avenue',
    );
    // The glossary's words win over the span: "Lincoln High School" is written as the station says.
    const school = await apertium.translate({
      text: 'Lincoln High School is closed.',
      from: 'en',
      to: 'es',
      glossary: GLOSSARY,
    });
    expect(school).toContain('Escuela Secundaria Lincoln');
  });

  it.skipIf(noApertium)('names the words of the original it did not know, without its marks', async () => {
    const notes = { unknownWords: [] as string[] };
    // In lower case: a capitalised word in mid-sentence is a name, held out of Apertium's way.
    const text = 'The zorblax school is closed.';
    const spanish = await apertium.translate({ text, from: 'en', to: 'pt', notes });
    expect(spanish).not.toContain('*');
    expect(spanish).toContain('zorblax');
    expect(notes.unknownWords).toContain('zorblax');
    expect(notes.unknownWords.every((word) => text.includes(word))).toBe(true);
  });
});

describe('readMarks', () => {
  it("takes Apertium's marks off and names the unknown words", () => {
    expect(readMarks('el *Zorblax la escuela, **Frobnitz y #dijo @algo')).toEqual({
      text: 'el Zorblax la escuela, Frobnitz y dijo algo',
      unknown: ['Zorblax', 'Frobnitz'],
    });
  });

  it('takes off marks glued to a digit or inside a word too', () => {
    expect(readMarks('hasta 11:18*PM, 11:*18PM y 12:15#am@x')).toEqual({
      text: 'hasta 11:18PM, 11:18PM y 12:15amx',
      unknown: ['PM', '18PM'],
    });
  });
});
