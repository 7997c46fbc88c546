// The text a failed user change shows in its dialog: the server's words, else the spec's fallback.
import { ApiError, serverErrorText } from '../../api/client';

/** `network` is for a request that never reached the server ('Failed to add user'). */
export function userErrorText(error: unknown, fallback: string, network = fallback): string {
  if (error instanceof ApiError && error.status === 0) return network;
  return serverErrorText(error, fallback);
}
