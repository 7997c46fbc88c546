import { STATION_TIME_ZONES } from '@message-station/shared';
import { describe, expect, it } from 'vitest';
import { zoneLabel } from '../../lib/time-format';

describe('zoneLabel', () => {
  it('names the zone and its city in the interface language', () => {
    expect(zoneLabel('America/New_York', 'en')).toMatch(/\(New York\)$/);
    expect(zoneLabel('America/New_York', 'es')).toMatch(/\(Nueva York\)$/);
    expect(zoneLabel('America/Los_Angeles', 'es')).toMatch(/\(Los Ángeles\)$/);
    // Every station zone has a Spanish label with no English city in it.
    for (const zone of STATION_TIME_ZONES) {
      expect(zoneLabel(zone, 'es')).not.toMatch(/New York|Los Angeles|St Thomas/);
    }
  });
});
