// The email to a station's admins when a scheduled run could not go, in each admin's language.
import { emailLanguage, SCHEDULE_FAILED_EMAIL } from '@message-station/shared';
import { escapeHtml } from '../../providers/email/html.js';

type TFailure = { code: string; params: Record<string, string | number> };
type TReason = string | ((params: Record<string, string | number>) => string);
type TReasons = Record<string, TReason> & { other: string };

function reasonText(reasons: TReasons, failure: TFailure): string {
  const reason = reasons[failure.code] ?? reasons.other;
  return typeof reason === 'function' ? reason(failure.params) : reason;
}

/** "Friday, November 27, 2026 at 9:00 AM EST": the run's time as the station reads its clock. */
export function formatRunTime(at: Date, timeZone: string, language: 'en' | 'es'): string {
  return new Intl.DateTimeFormat(language === 'es' ? 'es-US' : 'en-US', {
    timeZone,
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(at);
}

export function scheduleFailedEmail(input: {
  fullName: string;
  language: string;
  messageTitle: string;
  dueAt: Date;
  timeZone: string;
  failure: TFailure;
  next: Date | null;
  link: string;
}) {
  const language = emailLanguage(input.language);
  const words = SCHEDULE_FAILED_EMAIL[language];
  const when = formatRunTime(input.dueAt, input.timeZone, language);
  const after = input.next ? words.next(formatRunTime(input.next, input.timeZone, language)) : words.ended;
  const reason = reasonText(words.reasons, input.failure);
  const lines = [
    words.hello(input.fullName),
    words.what(input.messageTitle, when),
    `${words.why} ${reason}`,
    after,
  ];
  const text = [...lines, `${words.button}: ${input.link}`, words.footer].join('\n\n');
  const html = `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:10px 18px;background:#1c7ed6;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(words.button)}</a></p>
<p>${escapeHtml(words.footer)}</p>`;
  return { subject: words.subject(input.messageTitle), text, html };
}
