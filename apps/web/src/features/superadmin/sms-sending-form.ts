// What the SMS sending form sends and refuses: the shared schema the server applies decides, by its
// refusal codes (decision 0068), worded in the reader's language like a server refusal.

import type { FormErrors } from '@mantine/form';
import {
  type TStationSmsSending,
  type TStationSmsSendingResponse,
  ZStationSmsSending,
} from '@message-station/shared';
import type { TFunction } from 'i18next';
import { formatCount, formatNumber } from '../../i18n/formats';
import { schemaResolver } from '../../lib/schema-resolver';

/** As typed: an empty field means "the service's". NumberInput hands back '' when emptied. */
export type TSmsSendingForm = { sender: string; rate: string | number };

export function formFromSending(sending: TStationSmsSending): TSmsSendingForm {
  return { sender: sending.sms_sender ?? '', rate: sending.sms_rate_per_second ?? '' };
}

export function sendingFromForm(form: TSmsSendingForm): TStationSmsSending {
  const sender = form.sender.trim();
  const rate = typeof form.rate === 'number' ? form.rate : form.rate.trim();
  return { sms_sender: sender || null, sms_rate_per_second: rate === '' ? null : Number(rate) };
}

const checkSending = schemaResolver(ZStationSmsSending);

/** The form's `validate`: the schema's first refusal of each field, under the input it came from. */
export function sendingErrors(form: TSmsSendingForm): FormErrors {
  const errors = checkSending(sendingFromForm(form));
  return {
    ...(errors.sms_sender ? { sender: errors.sms_sender } : {}),
    ...(errors.sms_rate_per_second ? { rate: errors.sms_rate_per_second } : {}),
  };
}

/** A server answer without a code, known by its English text, in the reader's language. */
const PROBLEM_KEYS = new Map([['Station not found', 'sending.errors.notFound' as const]]);

/** A known text in the reader's language; any other server text as it came. */
export function problemText(t: TFunction<'superadmin'>, text: string): string {
  const key = PROBLEM_KEYS.get(text);
  return key ? t(key) : text;
}

/** US figures in both languages, like every count on the admin pages and the rate field itself. */

/** "Sends at 4.5 messages per second on its own number." */
export function paceText(t: TFunction<'superadmin'>, sending: TStationSmsSendingResponse): string {
  const rate = sending.effective_rate_per_second;
  const options = { count: rate, rate: formatNumber(rate, { maximumFractionDigits: 2 }) };
  return sending.lane === 'default'
    ? t('sending.effective.service', options)
    : t('sending.effective.own', options);
}

/** "3 queued texts will now go from the new sender.", or nothing when none moved. */
export function movedText(t: TFunction<'superadmin'>, sending: TStationSmsSendingResponse): string | null {
  const count = sending.moved_queued ?? 0;
  if (count <= 0) return null;
  const options = { count, queued: formatCount(count) };
  return sending.lane === 'default' ? t('sending.moved.service', options) : t('sending.moved.own', options);
}
