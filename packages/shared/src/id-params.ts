// The `{ id }` path parameters of the routes: a UUID, refused with the code of the thing it names.
import { z } from 'zod';
import { refusal, type TIssueMessage } from './issue-message.js';

// A malformed id is answered like an unknown one: the thing was not found (decision 0028 codes).
const idParams = (notFound: TIssueMessage) => z.object({ id: z.uuid(notFound) });

export const ZMessageIdParams = idParams(refusal('message_not_found'));
export const ZMessageTypeIdParams = idParams(refusal('message_type_not_found'));
export const ZContactIdParams = idParams(refusal('contact_not_found'));
export const ZUserIdParams = idParams(refusal('user_not_found'));
export const ZInvitationIdParams = idParams(refusal('invitation_not_found'));
export const ZSessionIdParams = idParams(refusal('session_not_found'));
export const ZStationIdParams = idParams(refusal('station_not_found'));
export const ZSendRequestIdParams = idParams(refusal('send_request_not_found'));
export type TIdParams = z.infer<typeof ZMessageIdParams>;
