import { describe, expect, it } from 'vitest';
import {
  actsAsStationAdmin,
  approvalRefusal,
  canRequestSend,
  canSendSms,
  holdsForApproval,
  typesNewlyHeld,
} from './permissions.js';

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

  it('holds a type where it is required, an emergency only without the bypass', () => {
    const policy = { approval_required_types: ['alert', 'emergency'], approval_bypass_emergency: true };
    expect(holdsForApproval(policy, 'alert')).toBe(true);
    expect(holdsForApproval(policy, 'emergency')).toBe(false);
    expect(holdsForApproval(policy, 'info')).toBe(false);
    expect(holdsForApproval({ ...policy, approval_bypass_emergency: false }, 'emergency')).toBe(true);
  });

  // Decision 0077: what a save turns on is what a station with one admin may not do.
  it('names the types a change starts holding, not those it keeps or lets go', () => {
    const types = ['info', 'alert', 'emergency'];
    const none = { approval_required_types: [], approval_bypass_emergency: true };
    const alert = { approval_required_types: ['alert'], approval_bypass_emergency: true };
    expect(typesNewlyHeld(none, alert, types)).toEqual(['alert']);
    expect(typesNewlyHeld(alert, alert, types)).toEqual([]);
    expect(typesNewlyHeld(alert, none, types)).toEqual([]);
    // Requiring emergencies with the bypass on holds nothing more; turning the bypass off does.
    const emergency = { approval_required_types: ['emergency'], approval_bypass_emergency: true };
    expect(typesNewlyHeld(none, emergency, types)).toEqual([]);
    expect(typesNewlyHeld(emergency, { ...emergency, approval_bypass_emergency: false }, types)).toEqual([
      'emergency',
    ]);
  });

  it('lets standard users ask for a send, not those who send', () => {
    expect(canRequestSend({ role: 'user' })).toBe(true);
    expect(canRequestSend({ role: 'admin' })).toBe(false);
    expect(canRequestSend({ role: 'user', viewingStationId: 'station-1' })).toBe(false);
  });
});
