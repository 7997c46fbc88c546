// Text placed inside an email's HTML part: escaped, so names and messages cannot inject markup.
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * An email whose point is one link (a password reset, an invitation): greeting, what happened, a
 * button, the address written out for clients that hide buttons, then notes; as text and HTML.
 */
export function linkEmail(input: {
  subject: string;
  hello: string;
  intro: string;
  button: string;
  orOpen: string;
  link: string;
  notes: string[];
}) {
  const text = [
    input.hello,
    input.intro,
    `${input.button}: ${input.link}`,
    ...input.notes,
    'Message Station',
  ].join('\n\n');
  const html = `<p>${escapeHtml(input.hello)}</p>
<p>${escapeHtml(input.intro)}</p>
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:10px 18px;background:#1c7ed6;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(input.button)}</a></p>
<p>${escapeHtml(input.orOpen)} ${escapeHtml(input.link)}</p>
${input.notes.map((note) => `<p>${escapeHtml(note)}</p>`).join('\n')}
<p>Message Station</p>`;
  return { subject: input.subject, text, html };
}
