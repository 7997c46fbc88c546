import { getDefaultNormalizer, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TOutboxMessage } from '../../api/dev-outbox';
import { jsonResponse, mockSession, renderApp } from '../../test/render-app';

const MESSAGES: TOutboxMessage[] = [
  {
    id: 'm2',
    channel: 'email',
    to: 'ana@kxyz.org',
    from: 'no-reply@messagestation.test',
    subject: 'Reset your password',
    body: 'Hello Ana,\nUse this link to reset your password.',
    created_at: '2025-09-01T17:05:00.000Z',
  },
  {
    id: 'm1',
    channel: 'sms',
    to: '+14155550134',
    from: '+15005550006',
    subject: null,
    body: 'Your Message Station verification code is 482913',
    created_at: '2025-09-01T17:00:00.000Z',
  },
];

describe('DevOutboxPage', () => {
  it('lists the stored messages newest first with channel, addresses, subject and body', async () => {
    mockSession(null, { 'GET /dev/api/outbox': () => jsonResponse(MESSAGES) });
    renderApp('/dev/outbox');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dev Outbox' })).toBeVisible();
    expect(screen.getByText(/SMS and emails are stored here instead of being sent/)).toBeVisible();
    const articles = await screen.findAllByRole('article');
    expect(articles).toHaveLength(2);
    const [email, sms] = articles as [HTMLElement, HTMLElement];
    expect(within(email).getByText('Email')).toBeVisible();
    expect(within(email).getByText('Reset your password')).toBeVisible();
    // Line breaks of the body are kept.
    const body = within(email).getByText('Hello Ana,\nUse this link to reset your password.', {
      normalizer: getDefaultNormalizer({ collapseWhitespace: false }),
    });
    expect(getComputedStyle(body).whiteSpace).toBe('pre-wrap');
    expect(within(sms).getByText('SMS')).toBeVisible();
    expect(within(sms).getByText('+14155550134')).toBeVisible();
    expect(within(sms).getByText('Your Message Station verification code is 482913')).toBeVisible();
    expect(within(sms).queryByText('Subject:')).not.toBeInTheDocument();
  });

  it("says 'No messages yet.' when the outbox is empty, and Refresh asks again", async () => {
    let calls = 0;
    mockSession(null, {
      'GET /dev/api/outbox': () => {
        calls += 1;
        return jsonResponse(calls === 1 ? [] : MESSAGES.slice(1));
      },
    });
    renderApp('/dev/outbox');
    expect(await screen.findByText('No messages yet.')).toBeVisible();

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Your Message Station verification code is 482913')).toBeVisible();
  });

  it('explains that the outbox is off when the API answers 404', async () => {
    mockSession(null, { 'GET /dev/api/outbox': () => jsonResponse({ error: 'Not found' }, 404) });
    renderApp('/dev/outbox');
    expect(
      await screen.findByText('The dev outbox is off: this server sends SMS through a real provider.'),
    ).toBeVisible();
    expect(screen.queryByText('Refreshes every 3 seconds')).not.toBeInTheDocument();
  });
});
