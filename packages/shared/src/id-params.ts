// The `{ id }` path parameters of the routes: a UUID, refused in the words of the thing it names.
import { z } from 'zod';

// A malformed id is answered like an unknown one: the thing was not found (decision 0028 codes).
const idParams = (notFound: string) => z.object({ id: z.uuid(notFound) });

export const ZMessageIdParams = idParams('Message not found');
export const ZMessageTypeIdParams = idParams('Message type not found');
export const ZContactIdParams = idParams('Contact not found');
export const ZUserIdParams = idParams('User not found');
export const ZInvitationIdParams = idParams('Invitation not found');
export const ZSessionIdParams = idParams('Session not found');
export const ZStationIdParams = idParams('Station not found');
export type TIdParams = z.infer<typeof ZMessageIdParams>;
