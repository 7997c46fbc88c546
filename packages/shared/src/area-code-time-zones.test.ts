import { describe, expect, it } from 'vitest';
import { AREA_CODE_TIME_ZONES, DEFAULT_US_TIME_ZONE } from './area-code-time-zones.js';

describe('AREA_CODE_TIME_ZONES', () => {
  it.each([
    // Eastern
    ['212', 'America/New_York'],
    ['917', 'America/New_York'],
    ['404', 'America/New_York'],
    ['305', 'America/New_York'],
    ['202', 'America/New_York'],
    ['617', 'America/New_York'],
    ['423', 'America/New_York'],
    ['865', 'America/New_York'],
    ['502', 'America/New_York'],
    ['313', 'America/Detroit'],
    ['906', 'America/Detroit'],
    ['317', 'America/Indiana/Indianapolis'],
    ['812', 'America/Indiana/Indianapolis'],
    ['930', 'America/Indiana/Indianapolis'],
    // Central
    ['312', 'America/Chicago'],
    ['214', 'America/Chicago'],
    ['713', 'America/Chicago'],
    ['615', 'America/Chicago'],
    ['612', 'America/Chicago'],
    ['219', 'America/Chicago'],
    ['270', 'America/Chicago'],
    ['850', 'America/Chicago'],
    ['605', 'America/Chicago'],
    ['701', 'America/Chicago'],
    ['308', 'America/Chicago'],
    ['432', 'America/Chicago'],
    // Mountain
    ['303', 'America/Denver'],
    ['801', 'America/Denver'],
    ['505', 'America/Denver'],
    ['915', 'America/Denver'],
    ['208', 'America/Boise'],
    ['602', 'America/Phoenix'],
    ['928', 'America/Phoenix'],
    // Pacific
    ['213', 'America/Los_Angeles'],
    ['310', 'America/Los_Angeles'],
    ['323', 'America/Los_Angeles'],
    ['424', 'America/Los_Angeles'],
    ['747', 'America/Los_Angeles'],
    ['818', 'America/Los_Angeles'],
    ['415', 'America/Los_Angeles'],
    ['206', 'America/Los_Angeles'],
    ['541', 'America/Los_Angeles'],
    ['702', 'America/Los_Angeles'],
    ['725', 'America/Los_Angeles'],
    // Alaska, Hawaii and the territories
    ['907', 'America/Anchorage'],
    ['808', 'Pacific/Honolulu'],
    ['787', 'America/Puerto_Rico'],
    ['939', 'America/Puerto_Rico'],
    ['340', 'America/St_Thomas'],
    ['671', 'Pacific/Guam'],
    ['684', 'Pacific/Pago_Pago'],
    ['670', 'Pacific/Saipan'],
  ])('maps %s to %s', (areaCode, zone) => {
    expect(AREA_CODE_TIME_ZONES[areaCode]).toBe(zone);
  });

  it('covers every New York City code, overlays included', () => {
    for (const areaCode of ['212', '332', '347', '646', '718', '917', '929']) {
      expect(AREA_CODE_TIME_ZONES[areaCode]).toBe('America/New_York');
    }
  });

  it('lists at least 320 area codes', () => {
    expect(Object.keys(AREA_CODE_TIME_ZONES).length).toBeGreaterThanOrEqual(320);
  });

  it('keys are three digits starting with 2 to 9', () => {
    for (const areaCode of Object.keys(AREA_CODE_TIME_ZONES)) {
      expect(areaCode).toMatch(/^[2-9]\d{2}$/);
    }
  });

  it('values are time zones the runtime knows', () => {
    for (const timeZone of new Set(Object.values(AREA_CODE_TIME_ZONES))) {
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone })).not.toThrow();
    }
    expect(() => new Intl.DateTimeFormat('en-US', { timeZone: DEFAULT_US_TIME_ZONE })).not.toThrow();
  });

  it('leaves out toll-free and other non-geographic codes', () => {
    const nonGeographic = ['800', '833', '844', '855', '866', '877', '888', '500', '521', '533', '544'];
    nonGeographic.push('566', '577', '588', '600', '700', '710', '900', '555', '911', '988');
    for (const areaCode of nonGeographic) {
      expect(AREA_CODE_TIME_ZONES).not.toHaveProperty(areaCode);
    }
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(AREA_CODE_TIME_ZONES)).toBe(true);
  });
});
