// What an alert becomes as a message, without a database: followed or not, type, title and text.
import { describe, expect, it } from 'vitest';
import type { TNwsAlert } from '../../providers/weather/types.js';
import { nwsFixture } from '../../test/fake-nws.js';
import {
  alertDraft,
  cancelDraft,
  chooseType,
  fit,
  isOver,
  mappedType,
  notFollowed,
  readableText,
} from './draft.js';

describe('weather drafts', () => {
  it('follow the chosen events and severities (no event chosen: every event)', () => {
    const rules = { eventTypes: [], severities: ['Extreme'] };
    expect(notFollowed(rules, { event: 'Tornado Warning', severity: 'Extreme' })).toBeNull();
    expect(notFollowed(rules, { event: 'Tornado Warning', severity: 'Severe' })).toBe('ignored_severity');
    expect(
      notFollowed(
        { ...rules, eventTypes: ['Flood Warning'] },
        { event: 'Tornado Warning', severity: 'Extreme' },
      ),
    ).toBe('ignored_event');
  });

  it('make Extreme and Severe warnings emergencies, the rest alerts, falling back when a type is off', () => {
    expect(mappedType({ event: 'Tornado Warning', severity: 'Extreme' })).toBe('emergency');
    expect(mappedType({ event: 'Severe Thunderstorm Warning', severity: 'Severe' })).toBe('emergency');
    expect(mappedType({ event: 'Tornado Watch', severity: 'Extreme' })).toBe('alert');
    expect(mappedType({ event: 'Flood Warning', severity: 'Moderate' })).toBe('alert');
    expect(chooseType('emergency', ['alert', 'station'])).toBe('alert');
    expect(chooseType('alert', ['emergency'])).toBe('emergency');
    expect(chooseType('alert', [])).toBeNull();
  });

  it('write the headline, the areas, then what to do (the description only without instructions)', () => {
    const feature = nwsFixture('severe-thunderstorm-warning-ok').properties;
    const input: TNwsAlert = {
      id: feature.id,
      event: 'Severe Thunderstorm Warning',
      severity: 'Severe',
      headline: feature.headline as string,
      description: feature.description as string,
      instruction: feature.instruction as string,
      areaDesc: feature.areaDesc as string,
      messageType: 'Alert',
      status: 'Actual',
      sent: new Date(),
      expires: null,
      ends: null,
      references: [],
      zones: [],
    };
    const draft = alertDraft(input);
    expect(draft.title).toBe(feature.headline);
    expect(draft.original).not.toContain('SVROUN');
    expect(draft.original).not.toContain('moving east-northeast at 35 mph.');
    expect(draft.original).toBe(
      [feature.headline, feature.areaDesc, readableText(feature.instruction as string)].join('\n\n'),
    );
    const withoutInstruction = alertDraft({ ...input, instruction: null });
    expect(withoutInstruction.original).toContain('moving east-northeast at 35 mph.');
  });

  it('keep texts within the message limits and cancellations short', () => {
    expect(fit('word '.repeat(500), 1600).length).toBeLessThanOrEqual(1600);
    expect(fit('word '.repeat(500), 1600).endsWith('…')).toBe(true);
    expect(readableText('TOROUN\n\nA\nB')).toBe('A B');
    const cancel = nwsFixture('tornado-watch-al-cancel').properties;
    expect(
      cancelDraft(
        {
          description: cancel.description as string,
          headline: null,
          event: 'Tornado Watch',
          areaDesc: '',
        } as never,
        'Tornado Watch issued November 25',
      ),
    ).toEqual({
      title: 'CANCELLED: Tornado Watch issued November 25',
      original:
        'CANCELLED: Tornado Watch issued November 25\n\nThe Tornado Watch has been cancelled and is no longer in effect.',
    });
    expect(
      isOver({ expires: new Date('2025-01-01T00:00:00Z'), ends: null }, new Date('2025-01-02T00:00:00Z')),
    ).toBe(true);
    expect(isOver({ expires: null, ends: null }, new Date())).toBe(false);
  });
});
