import { describe, expect, it } from 'vitest';
import { actsAsStationAdmin, canSendSms } from './permissions.js';

describe('permissions', () => {
  it.each([
    [{ role: 'admin', viewingStationId: null }, true],
    [{ role: 'user', viewingStationId: null }, false],
    [{ role: 'user' }, false],
    // A superadmin viewing a station acts as its admin, whatever their own role there.
    [{ role: 'user', viewingStationId: 'station-1' }, true],
    [{ role: 'admin', viewingStationId: 'station-1' }, true],
  ] as const)('%o: station admin %s, may send SMS the same', (actor, expected) => {
    expect(actsAsStationAdmin(actor)).toBe(expected);
    expect(canSendSms(actor)).toBe(expected);
  });
});
