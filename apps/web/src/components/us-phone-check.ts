// What is wrong with a typed US number, and its E.164 form: libphonenumber-js's checks (the shared
// checkUsPhone) with the numbering plan's metadata, about 25 KiB. Loaded only by UsPhoneInput.tsx,
// when a phone field is first used (decision 0062): import its ...OnceLoaded functions instead.
import { checkUsPhone, type TUsPhoneProblem } from '@message-station/shared';

/** What is wrong with a typed US number: nothing, missing, another country's (`not_us`), or not a US number. */
export function usPhoneProblem(value: string): TUsPhoneProblem | null {
  return checkUsPhone(value).problem ?? null;
}

/** The E.164 form the forms send; call only after usPhoneProblem found nothing. */
export function usPhoneE164(value: string): string {
  const checked = checkUsPhone(value);
  if (!checked.e164) throw new Error('usPhoneE164 called on a refused number');
  return checked.e164;
}
