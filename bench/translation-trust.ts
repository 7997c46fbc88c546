// What a subscriber would read, per language, with the default offline setup (no cloud key,
// Apertium only), for about sixty alert sentences (decision 0050):
//   phrasebook  every entry of the vetted phrasebook, its fields filled with realistic names
//               (county, state code, street, school, times): the vetted text each language gets;
//   free text   thirty alert sentences staff type, naming counties, state codes, streets, schools,
//               times and phone numbers, through the offline engine as the translation worker
//               sends them (the station's name kept, every name protected).
// Per language it prints how many texts are vetted, engine-translated (clean), engine-translated
// and flagged (unknown-word marks, ordinary words left untranslated, numbers lost, a protected
// name lost), or fallback (no engine: the original with the vetted notice), and how many of the
// names, codes and times of the originals survive verbatim in what would be sent. Under the trust
// policy an unattended send delivers only the vetted texts and the fallbacks.
// Nothing here leaves this machine.
import {
  composeFallbackSms,
  findPhrase,
  PHRASEBOOK,
  renderPhrase,
  type TLanguageCode,
  type TPhraseField,
  translationWarnings,
} from '@message-station/shared';
import { createTranslationProvider } from '../apps/server/src/providers/translation/index.js';
import { missingSpans, protectedSpans } from '../apps/server/src/providers/translation/protect.js';
import type { TTranslationNotes } from '../apps/server/src/providers/translation/types.js';
import { hasApertium } from './lib.js';

const LANGUAGES: TLanguageCode[] = ['es', 'fr', 'de', 'it', 'pt', 'zh', 'ja', 'ko'];
const STATION = 'KCOL Community Radio';
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 2);

/** Realistic values: names an engine would mangle ("Coal" → "carbón", "OK" → "okay"). */
const VALUES: Record<TPhraseField, string> = {
  place: 'Oak Grove Community Center',
  county: 'Coal County',
  state: 'OK',
  street: 'Oak Street',
  school: 'Lincoln Elementary',
  time: '11:45 PM',
  date: 'Tuesday, December 8',
  phone: '(580) 555-0142',
  url: 'kcol.org/alerts',
};

const FREE_TEXT = [
  'Tornado Warning for Coal County, OK until 11:45 PM. Take cover now. Avoid Oak Street.',
  'A tornado was seen near Stuart moving northeast at 20 mph. Go to a basement now.',
  'Flash flooding on Highway 3 near Coalgate. Turn around and find another route.',
  'Lincoln Elementary is closed on Tuesday because of the ice storm. Stay safe.',
  'The warming center at Oak Grove Community Center opens at 6 PM tonight.',
  'Boil your water before drinking it until the city of Coalgate says it is safe.',
  'A gas leak on Main Street near Ada High School: stay inside with windows closed.',
  'Power is out in Hughes County. Crews expect to restore it by 9 AM tomorrow.',
  'Evacuate now if you live east of the Canadian River in Pontotoc County, OK.',
  'The Coal County Fire Department asks everyone to avoid State Highway 31.',
  'Shelter in place at Tupelo Middle School until police say it is over.',
  'Call (580) 555-0142 if you need a ride to the shelter at First Baptist Church.',
  'Road closed: County Road 1650 between Lehigh and Centrahoma until Friday.',
  'A severe thunderstorm warning is in effect for Hughes County until 10:30 PM CDT.',
  'Wildfire near Lake Atoka. Residents of Stringtown should leave now by US-69 north.',
  'School buses for Coalgate Public Schools will run two hours late on Wednesday.',
  'The shelter at Coalgate High School gym is open with water, cots and phone chargers.',
  'Dense fog on I-35 near Ardmore this morning. Drive slowly and use low beams.',
  'Extreme heat today: the cooling center at Ada Public Library is open until 8 PM.',
  'All clear: the lockdown at East Central University has ended.',
  'Do not drive through flooded roads. Six inches of water can move a car.',
  'The city of Tupelo has no running water until 3 PM. Bottled water at City Hall.',
  'Hazardous materials spill on US-75 near Calvin. Stay indoors and turn off fans.',
  'Ice on the bridges of State Highway 48. Stay home if you can.',
  'A missing child was last seen near Wapanucka Park at 4:15 PM. Call 911.',
  'Voting at Coalgate City Hall is moved to the Coal County Courthouse today.',
  'High winds will knock down power lines in Atoka County after midnight.',
  'The 911 phone line is down in Coal County. Call (580) 555-0199 for emergencies.',
  'Earthquake felt near Ada at 2:07 PM. Check your gas lines for leaks.',
  'Visit kcol.org/alerts for the list of open shelters in Pontotoc County.',
];

type TOutcome = 'vetted' | 'engine' | 'flagged' | 'fallback';
type TTally = Record<TOutcome, number> & { namesKept: number; names: number; ms: number };

const empty = (): TTally => ({
  vetted: 0,
  engine: 0,
  flagged: 0,
  fallback: 0,
  namesKept: 0,
  names: 0,
  ms: 0,
});

async function pool<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

async function main() {
  if (!hasApertium)
    console.log('Apertium is not installed: every free text falls back (apt-get install apertium …).');
  const engine = createTranslationProvider({
    providers: ['apertium'],
    providersSet: false,
    timeoutMs: 60_000,
    concurrency: CONCURRENCY,
    retryDelaySeconds: 0,
    apertium: {},
    station: { keysSecret: 'bench', privateUrls: false },
  });
  const tallies = new Map(LANGUAGES.map((language) => [language, empty()]));
  const started = Date.now();

  // The phrasebook: every entry, filled.
  for (const entry of PHRASEBOOK) {
    const values = Object.fromEntries(entry.fields.map((field) => [field, VALUES[field]]));
    for (const language of LANGUAGES) {
      const tally = tallies.get(language) as TTally;
      const text = renderPhrase(entry, language, values);
      tally.vetted++;
      const expected = entry.fields.map((field) => VALUES[field]);
      tally.names += expected.length;
      tally.namesKept += expected.filter((value) => text.includes(value)).length;
    }
  }

  // Free text through the offline engine, each language of each sentence.
  const jobs = FREE_TEXT.flatMap((text) => LANGUAGES.map((language) => ({ text, language })));
  await pool(jobs, CONCURRENCY, async ({ text, language }) => {
    const tally = tallies.get(language) as TTally;
    const spans = protectedSpans(text, { from: 'en', keep: [STATION] });
    tally.names += spans.length;
    const notes: TTranslationNotes = { unknownWords: [] };
    const t0 = Date.now();
    try {
      const translated = await engine.translate({ text, from: 'en', to: language, keep: [STATION], notes });
      tally.ms += Date.now() - t0;
      const lost = missingSpans(translated, spans);
      tally.namesKept += spans.length - lost.length;
      const warned = translationWarnings(text, translated, notes.unknownWords).length > 0;
      tally[warned || lost.length ? 'flagged' : 'engine']++;
    } catch {
      // No engine (or it failed): the original with the notice, every name as written.
      tally.fallback++;
      const sent = composeFallbackSms(STATION, text, language, 'en');
      tally.namesKept += spans.filter((span) => sent.includes(span.text)).length;
    }
  });

  const rows = LANGUAGES.map((language) => {
    const t = tallies.get(language) as TTally;
    const total = t.vetted + t.engine + t.flagged + t.fallback;
    const pct = t.names ? ((100 * t.namesKept) / t.names).toFixed(1) : '100.0';
    const perCall = t.engine + t.flagged ? (t.ms / (t.engine + t.flagged) / 1000).toFixed(2) : '–';
    return `| ${language} | ${total} | ${t.vetted} | ${t.engine} | ${t.flagged} | ${t.fallback} | ${t.namesKept}/${t.names} (${pct} %) | ${perCall} |`;
  });
  const all = empty();
  for (const t of tallies.values()) {
    for (const key of ['vetted', 'engine', 'flagged', 'fallback', 'namesKept', 'names'] as const)
      all[key] += t[key];
  }
  console.log(
    `translation trust: ${PHRASEBOOK.length} phrasebook entries + ${FREE_TEXT.length} free texts × ${LANGUAGES.length} languages, offline engine only`,
  );
  console.log(
    '| language | texts | vetted | engine (clean) | engine (flagged) | fallback | names, codes, times kept | s per engine call |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  console.log(
    `| all | ${all.vetted + all.engine + all.flagged + all.fallback} | ${all.vetted} | ${all.engine} | ${all.flagged} | ${all.fallback} | ${all.namesKept}/${all.names} (${((100 * all.namesKept) / all.names).toFixed(1)} %) | |`,
  );
  console.log(
    `Unattended (schedules, weather auto-send, API): ${all.vetted} vetted + ${all.fallback + all.engine + all.flagged} originals with the notice; 0 engine texts. ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  if (!findPhrase('tornado_warning')) throw new Error('the phrasebook has no tornado warning');
}

await main();
