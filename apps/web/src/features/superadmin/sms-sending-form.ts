// What the SMS sending form sends and refuses: the shared schema decides, in its own words, and
// those words (the client's or the server's) are looked up to be shown in the reader's language.
import {
  formatCount,
  issueText,
  SMS_SENDER_ERROR,
  type TStationSmsSending,
  type TStationSmsSendingResponse,
  ZStationSmsSending,
} from '@message-station/shared';
import type { TFunction } from 'i18next';

/** As typed: an empty field means "the service's". NumberInput hands back '' when emptied. */
export type TSmsSendingForm = { sender: string; rate: string | number };

export type TSmsSendingProblems = Partial<Record<keyof TStationSmsSending, string>>;

export function formFromSending(sending: TStationSmsSending): TSmsSendingForm {
  return { sender: sending.sms_sender ?? '', rate: sending.sms_rate_per_second ?? '' };
}

export function sendingFromForm(form: TSmsSendingForm): TStationSmsSending {
  const sender = form.sender.trim();
  const rate = typeof form.rate === 'number' ? form.rate : form.rate.trim();
  return { sms_sender: sender || null, sms_rate_per_second: rate === '' ? null : Number(rate) };
}

/** The schema's first complaint about each field, in its English words; empty when it passes. */
export function sendingProblems(sending: TStationSmsSending): TSmsSendingProblems {
  const result = ZStationSmsSending.safeParse(sending);
  const problems: TSmsSendingProblems = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as keyof TStationSmsSending;
    problems[field] ??= issueText(issue.message);
  }
  return problems;
}

/** The schema's words for a rate it refuses, read from it so the lookup below cannot drift. */
function rateProblem(rate: number): string {
  const message = ZStationSmsSending.shape.sms_rate_per_second.safeParse(rate).error?.issues[0]?.message;
  return message ? issueText(message) : '';
}

type TProblemKey =
  | 'sending.errors.sender'
  | 'sending.errors.rateMin'
  | 'sending.errors.rateMax'
  | 'sending.errors.notFound';

const PROBLEM_KEYS = new Map<string, TProblemKey>([
  [SMS_SENDER_ERROR, 'sending.errors.sender'],
  [rateProblem(0), 'sending.errors.rateMin'],
  [rateProblem(Number.MAX_VALUE), 'sending.errors.rateMax'],
  ['Station not found', 'sending.errors.notFound'],
]);

/** A known text in the reader's language; any other server text as it came. */
export function problemText(t: TFunction<'superadmin'>, text: string): string {
  const key = PROBLEM_KEYS.get(text);
  return key ? t(key) : text;
}

/** US figures in both languages, like every count on the admin pages and the rate field itself. */
const rateFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** "Sends at 4.5 messages per second on its own number." */
export function paceText(t: TFunction<'superadmin'>, sending: TStationSmsSendingResponse): string {
  const rate = sending.effective_rate_per_second;
  const options = { count: rate, rate: rateFormat.format(rate) };
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
