import { describe, expect, it } from 'vitest';
import { actsAsStationAdmin, approvalRefusal, canSendSms } from './permissions.js';

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

  // Two-person approval (decision 0039): an admin who neither wrote nor last edited the text.
  it.each([
    [{ id: 'u-3', role: 'admin' }, null],
    [{ id: 'u-3', role: 'user' }, 'approval_not_admin'],
    [{ id: 'u-1', role: 'admin' }, 'approval_own_message'],
    [{ id: 'u-2', role: 'admin' }, 'approval_own_message'],
    [{ id: 'u-2', role: 'user', viewingStationId: 'station-1' }, 'approval_own_message'],
    [{ id: 'u-9', role: 'user', viewingStationId: 'station-1' }, null],
  ] as const)('%o deciding on u-1’s text put up by u-2: %s', (actor, expected) => {
    expect(approvalRefusal(actor, { author_id: 'u-1', requested_by: { id: 'u-2', name: 'Robin' } })).toBe(
      expected,
    );
  });
});
