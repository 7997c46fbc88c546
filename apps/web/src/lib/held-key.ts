// The query key of the texts held after a restore (decision 0055), of one message or the station.
import { queryKeys } from '../api/query-keys';

/** Under messages: whatever refreshes the messages refreshes these. */
export const heldKey = (messageId?: string) => [
  ...queryKeys.messages,
  'held-after-restore',
  messageId ?? 'station',
];
