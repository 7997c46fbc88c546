// Who may do what, one rule each: the server's guards and services check these, and the web
// shows or blocks its buttons by the same functions. They take the signed-in user as both sides
// hold it (the server's session, the web's TSessionUser). They import no schema: the catalogue entry
// (catalogue/index.ts) exports them without zod (docs/decisions/0073-shared-catalogue-and-schemas.md).

export type TActor = {
  role: 'admin' | 'user';
  /** The station a superadmin is viewing, as its admin; null otherwise. */
  viewingStationId?: string | null;
};

/** The station's admin, or the service's operator viewing the station, who acts as its admin. */
export function actsAsStationAdmin(actor: TActor): boolean {
  return actor.role === 'admin' || Boolean(actor.viewingStationId);
}

/** Sending a message's SMS to the station's subscribers: admins only. */
export function canSendSms(actor: TActor): boolean {
  return actsAsStationAdmin(actor);
}

/**
 * Why this user may not approve or reject the message, or null when they may: an admin (or the
 * operator viewing the station) who neither wrote it nor put its current text up for approval.
 */
export function approvalRefusal(
  actor: TActor & { id: string },
  /** What a TMessageApproval (approvals.ts) says of who wrote the message and who asked. */
  approval: { author_id: string | null; requested_by: { id: string; name: string } | null },
): 'approval_not_admin' | 'approval_own_message' | null {
  if (!actsAsStationAdmin(actor)) return 'approval_not_admin';
  if (actor.id === approval.author_id || actor.id === approval.requested_by?.id)
    return 'approval_own_message';
  return null;
}

/** Two-person approval needs this many admins: one writes, another approves (decision 0077). */
export const APPROVAL_MIN_ADMINS = 2;

/** A station's two approval settings, as Settings saves them (station_policies). */
export type TApprovalPolicy = {
  approval_required_types: readonly string[];
  approval_bypass_emergency: boolean;
};

/** Whether SMS, Play and schedules of this type wait for a second admin under this policy. */
export function holdsForApproval(policy: TApprovalPolicy, messageType: string): boolean {
  if (!policy.approval_required_types.includes(messageType)) return false;
  return !(messageType === 'emergency' && policy.approval_bypass_emergency);
}

/**
 * The types `after` holds for approval that `before` let through: what turning approval on means.
 * A station with fewer than APPROVAL_MIN_ADMINS admins may not add any (approval_needs_two_admins,
 * decision 0077); letting a type through is always allowed.
 */
export function typesNewlyHeld(
  before: TApprovalPolicy,
  after: TApprovalPolicy,
  types: readonly string[],
): string[] {
  return types.filter((type) => holdsForApproval(after, type) && !holdsForApproval(before, type));
}

/** Whether a standard user may ask the station's admins to send a message (decision 0077). */
export function canRequestSend(actor: TActor): boolean {
  return !actsAsStationAdmin(actor);
}
