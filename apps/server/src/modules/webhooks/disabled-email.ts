// The email to each admin of a station whose endpoint was turned off after failing, in their language.
import { emailLanguage, WEBHOOK_DISABLED_EMAIL } from '@message-station/shared';
import { escapeHtml } from '../../providers/email/html.js';

export function endpointDisabledEmail(input: {
  fullName: string;
  language: string;
  url: string;
  failures: number;
  lastError: string | null;
  link: string;
}) {
  const words = WEBHOOK_DISABLED_EMAIL[emailLanguage(input.language)];
  const lines = [
    words.hello(input.fullName),
    words.what(input.url, input.failures),
    ...(input.lastError ? [words.lastError(input.lastError)] : []),
    words.next,
  ];
  const text = [...lines, `${words.button}: ${input.link}`, words.footer].join('\n\n');
  const html = `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:10px 18px;background:#1c7ed6;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(words.button)}</a></p>
<p>${escapeHtml(words.footer)}</p>`;
  return { subject: words.subject, text, html };
}
