// Where the staff's form drafts are kept in this browser (decision 0076): localStorage, one entry
// per user, station and form, `message-station:draft:{user}:{station}:{form}`. Signing out
// forgets the user's, so the next person at a shared desk finds none of them. Kept apart from
// components/use-draft.ts, which reads and writes them: the sign-out button loads only this.

const PREFIX = 'message-station:draft:';

export type TDraftOwner = { id: string; stationId: string };

export function draftKey(owner: TDraftOwner, form: string): string {
  return `${PREFIX}${owner.id}:${owner.stationId}:${form}`;
}

/** Deletes every draft of the user, at every station. Storage that refuses is left as it is. */
export function forgetDrafts(userId: string): void {
  try {
    const mine = `${PREFIX}${userId}:`;
    const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index));
    for (const key of keys) if (key?.startsWith(mine)) localStorage.removeItem(key);
  } catch {
    // No storage (a private window's refusal): there are no drafts either.
  }
}
