// A weather alert too long for one SMS is shortened by rule, not cut mid-text (decision 0052):
// headline or event, areas, end time, first instruction, then the link to the whole alert, within
// the SMS budget of every phrasebook language.
import { LANGUAGE_CODES, smsTextFit, type TLanguageCode } from '@message-station/shared';
import { describe, expect, it } from 'vitest';
import type { TNwsAlert } from '../../providers/weather/types.js';
import { nwsFixture } from '../../test/fake-nws.js';
import { vettedFullTexts, vettedWeatherText } from './compose.js';
import { alertDraft, cancelDraft, fullAlertText, shortenedAlertText, type TSmsShortening } from './draft.js';

const NOW = new Date('2025-04-20T04:25:00Z');
const link = (language: string) =>
  `https://example.test/alerts/klong/00000000-0000-4000-8000-000000000052?lang=${language}`;
const SMS: TSmsShortening = { stationName: 'KLONG Radio', link, timeZone: 'America/Chicago', now: NOW };

const COUNTIES = Array.from({ length: 130 }, (_, i) => `County ${i + 1}, OK`).join('; ');

/** The recorded tornado warning with NWS text many times too long for an SMS. */
function longAlert(): TNwsAlert {
  const feature = nwsFixture('tornado-warning-ok').properties;
  return {
    id: feature.id,
    event: 'Tornado Warning',
    severity: 'Extreme',
    headline: feature.headline as string,
    description: `${feature.description as string}\n\n${'The storm is moving east at 35 mph. '.repeat(60)}`,
    instruction: `${feature.instruction as string}\n\n${'Stay tuned to local radio for updates. '.repeat(60)}`,
    areaDesc: COUNTIES,
    messageType: 'Alert',
    status: 'Actual',
    sent: new Date('2025-04-20T04:23:00Z'),
    expires: new Date('2025-04-20T05:15:00Z'),
    ends: new Date('2025-04-20T05:15:00Z'),
    references: [],
    zones: [],
  };
}

describe('shortened weather drafts', () => {
  it('keep the English headline, areas, end time, first instruction and the link, within budget', () => {
    const alert = longAlert();
    const text = alertDraft(alert, SMS).original;
    expect(smsTextFit({ stationName: SMS.stationName, language: 'en' }, text).fits).toBe(true);
    const parts = text.split('\n\n');
    expect(parts[0]).toBe(alert.headline);
    expect(parts[1]?.startsWith('County 1, OK; County 2, OK')).toBe(true);
    expect(parts[2]).toBe('In effect until Apr 20, 12:15 AM CDT.');
    expect(parts[3]).toBe('TAKE COVER NOW!');
    expect(parts.at(-1)).toBe(`Full alert: ${link('en')}`);
    // The areas were cut at a word, with an ellipsis: never mid-word.
    const areas = parts[1]?.slice(0, -1) ?? '';
    expect(parts[1]?.endsWith('…')).toBe(true);
    expect(COUNTIES.startsWith(areas) && COUNTIES[areas.length] === ' ').toBe(true);
    expect(parts[1]?.endsWith('County 130, OK')).toBe(false);
  });

  it('are within budget with the link in every phrasebook language', () => {
    const alert = longAlert();
    for (const language of LANGUAGE_CODES.filter((code) => code !== 'en')) {
      const text = vettedWeatherText(alert, language, SMS.timeZone, NOW, SMS) as string;
      expect(text, language).not.toBeNull();
      const fit = smsTextFit({ stationName: SMS.stationName, language }, text);
      expect(fit.fits, `${language}: ${fit.length} > ${fit.max}`).toBe(true);
      expect(text.endsWith(link(language)), language).toBe(true);
      expect(text.split('\n\n')[1]?.startsWith('County 1, OK'), language).toBe(true);
    }
  });

  it('leave an alert that fits as it is, without a link', () => {
    const feature = nwsFixture('tornado-warning-ok').properties;
    const alert = {
      ...longAlert(),
      areaDesc: feature.areaDesc as string,
      instruction: feature.instruction as string,
    };
    expect(alertDraft(alert, SMS).original).toBe(alertDraft(alert).original);
    expect(alertDraft(alert, SMS).original).not.toContain('Full alert');
    const spanish = vettedWeatherText(alert, 'es', SMS.timeZone, NOW, SMS);
    expect(spanish).toBe(vettedWeatherText(alert, 'es', SMS.timeZone, NOW));
  });

  it('shorten a long cancellation too', () => {
    const alert = { ...longAlert(), messageType: 'Cancel' as const };
    const english = cancelDraft(alert, 'Tornado Warning for Coal County', SMS).original;
    expect(english.startsWith('CANCELLED: Tornado Warning for Coal County\n\n')).toBe(true);
    expect(english.endsWith(link('en'))).toBe(true);
    expect(smsTextFit({ stationName: SMS.stationName, language: 'en' }, english).fits).toBe(true);
    const korean = vettedWeatherText(alert, 'ko', SMS.timeZone, NOW, SMS) as string;
    expect(smsTextFit({ stationName: SMS.stationName, language: 'ko' }, korean).fits).toBe(true);
    expect(korean.endsWith(link('ko'))).toBe(true);
  });

  it('keep the whole text for the page: every county, the description and the instructions', () => {
    const alert = longAlert();
    const english = fullAlertText(alert, SMS);
    expect(english).toContain('County 130, OK');
    expect(english).toContain('The storm is moving east at 35 mph.');
    expect(english).toContain('Stay tuned to local radio for updates.');
    const texts = vettedFullTexts(alert, ['es', 'ko'] as TLanguageCode[], SMS.timeZone, NOW);
    expect(texts.es).toContain('County 130, OK');
    expect(Object.keys(texts)).toEqual(['es', 'ko']);
  });

  it('cut the areas to a screen first, then the instruction, then the heading; the end time and link stay', () => {
    const room = { stationName: 'KLONG Radio', language: 'en' };
    const parts = {
      heading: 'H'.repeat(900),
      areas: 'area '.repeat(400),
      until: 'In effect until 12:15 AM CDT.',
      instruction: 'Do this. '.repeat(100),
      link: 'Full alert: https://example.test/a',
    };
    const text = shortenedAlertText(parts, room);
    expect(smsTextFit(room, text).fits).toBe(true);
    const [heading, areas, until, instruction, linkLine] = text.split('\n\n');
    expect(heading).toBe(parts.heading);
    expect(areas?.length).toBeLessThanOrEqual(160);
    expect(areas?.endsWith('area…')).toBe(true);
    expect(until).toBe(parts.until);
    expect(instruction?.startsWith('Do this. Do this.')).toBe(true);
    expect(instruction?.endsWith('…')).toBe(true);
    expect(linkLine).toBe(parts.link);
    // A heading alone past the room gives way last, still keeping the end time and the link.
    const huge = shortenedAlertText({ ...parts, heading: 'Warning '.repeat(300) }, room);
    expect(smsTextFit(room, huge).fits).toBe(true);
    expect(huge.endsWith(`${parts.until}\n\n${parts.link}`)).toBe(true);
  });
});
