// What an approval means for a message as it is now: whether its station holds the type for
// approval, and whether the decision on record was about this very text.
import type { TApprovalStatus, TMessageApproval } from '@message-station/shared';
import { sha256 } from '../../platform/tokens.js';
import type { TApprovalRow } from './repo.js';

/** The station's two settings (station_policies.approval_required_types, approval_bypass_emergency). */
export type TApprovalStation = {
  id: string;
  approvalRequiredTypes: string[];
  approvalBypassEmergency: boolean;
};

/** The message as stored (a messages row has these columns). */
export type TApprovalMessage = {
  id: string;
  stationId: string;
  title: string;
  original: string;
  originalLanguage: string;
  messageType: string;
  createdBy: string | null;
};

/** Whether SMS, Play and schedules of this type wait for an approval at this station now. */
export function requiresApproval(station: TApprovalStation, messageType: string): boolean {
  if (!station.approvalRequiredTypes.includes(messageType)) return false;
  return !(messageType === 'emergency' && station.approvalBypassEmergency);
}

/** What an approval is about: the words and the type, so a change of either needs a new one. */
export function contentDigest(message: TApprovalMessage): string {
  return sha256(
    JSON.stringify([message.title, message.original, message.originalLanguage, message.messageType]),
  );
}

/** A decision on record holds only for the text it was made on. */
export function statusOf(
  station: TApprovalStation,
  message: TApprovalMessage,
  row: TApprovalRow | null,
): TApprovalStatus {
  if (row && row.status !== 'pending' && row.contentDigest === contentDigest(message)) return row.status;
  return requiresApproval(station, message.messageType) ? 'pending' : 'not_required';
}

export function toApprovalView(
  station: TApprovalStation,
  message: TApprovalMessage,
  row: TApprovalRow | null,
  names: Map<string, string>,
): TMessageApproval {
  const status = statusOf(station, message, row);
  const person = (id: string | null) => (id ? { id, name: names.get(id) ?? '' } : null);
  // A decision about an older text is not shown as this text's.
  const decided = row && status === row.status && status !== 'pending' ? row : null;
  return {
    message_id: message.id,
    status,
    required: requiresApproval(station, message.messageType),
    revision: row?.revision ?? 1,
    author_id: message.createdBy,
    requested_by: person(row?.requestedBy ?? (row ? null : message.createdBy)),
    requested_at: row?.requestedAt.toISOString() ?? null,
    decided_by: person(decided?.decidedBy ?? null),
    decided_at: decided?.decidedAt?.toISOString() ?? null,
    comment: decided?.comment ?? null,
  };
}

/** The user ids an approval view names. */
export function namedUsers(rows: (TApprovalRow | null)[], messages: TApprovalMessage[]): string[] {
  const ids = new Set<string>();
  for (const row of rows) {
    if (row?.requestedBy) ids.add(row.requestedBy);
    if (row?.decidedBy) ids.add(row.decidedBy);
  }
  for (const message of messages) if (message.createdBy) ids.add(message.createdBy);
  return [...ids];
}
