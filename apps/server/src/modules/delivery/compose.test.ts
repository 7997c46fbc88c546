// An engine's translation that came out over Twilio's 1,600 characters (decision 0052): staff at the
// confirmation see it refused and shorten it; unattended (schedules, weather, the API) that
// language gets the original with the vetted notice, so the rest of the send is not held up.
import { SMS_BODY_LIMIT } from '@message-station/shared';
import { describe, expect, it } from 'vitest';
import { bodiesFor } from './compose.js';

const message = {
  original: 'Tornado warning for Coal County until 9:45 PM. Take cover now.',
  originalLanguage: 'en',
};
const long = {
  languageCode: 'es',
  status: 'completed',
  translatedText: 'Aviso de tornado: busque refugio ahora. '.repeat(45),
  review: 'machine' as const,
  provider: 'deepl',
  previousCorrection: null,
};
const trusted = new Set(['deepl']);

describe('a translation over the 1,600 characters', () => {
  it('is refused attended: the preview flags it and staff shorten it', () => {
    const [es] = bodiesFor('KXYZ Radio', message, [long], ['es'], {
      mode: 'attended',
      trustedEngines: trusted,
    });
    expect(es).toMatchObject({ delivery: 'text', fits: false });
    expect(es?.length).toBeGreaterThan(SMS_BODY_LIMIT);
  });

  it('falls back to the original with the vetted notice when nobody is watching', () => {
    const [es, en] = bodiesFor('KXYZ Radio', message, [long], ['es', 'en'], {
      mode: 'unattended',
      trustedEngines: trusted,
    });
    expect(es).toMatchObject({
      delivery: 'fallback',
      fits: true,
      translated: false,
      source: 'trusted_engine',
    });
    expect(es?.body).toContain(message.original);
    expect(es?.length).toBeLessThanOrEqual(SMS_BODY_LIMIT);
    expect(en).toMatchObject({ delivery: 'original', fits: true });
  });

  it('keeps a fitting trusted translation unattended', () => {
    const short = { ...long, translatedText: 'Aviso de tornado para el condado de Coal hasta las 9:45 PM.' };
    const [es] = bodiesFor('KXYZ Radio', message, [short], ['es'], {
      mode: 'unattended',
      trustedEngines: trusted,
    });
    expect(es).toMatchObject({ delivery: 'text', fits: true, translated: true });
  });
});
