// A refusal in the page's language: the server's stable code worded by subscribers.json
// `errors.<code>` (decision 0027); the server's own text when the code is not one of ours.
import { ApiError, serverErrorText } from '../../api/client';
import { subscriberI18n } from '../../i18n/subscriber-i18n';

type TRefusal = { code?: unknown; params?: unknown };
/** Keys built from a server code are not known to the typed `t`. */
type TWordByKey = (key: string, options?: object) => string;

export function subscriberErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.body && typeof error.body === 'object') {
    const { code, params } = error.body as TRefusal;
    const key = `errors.${String(code)}`;
    if (typeof code === 'string' && subscriberI18n.exists(key)) {
      const word = subscriberI18n.t as unknown as TWordByKey;
      return word(key, { ns: 'subscribers', ...(params && typeof params === 'object' ? params : {}) });
    }
  }
  return serverErrorText(error, fallback);
}
