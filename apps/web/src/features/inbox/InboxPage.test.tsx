// The Inbox page: a subscriber's text as written with its translation, read on opening, and a
// reply that can only be sent as previewed (translated, with its cost).
import type { TInboxConversation, TInboxMessage, TInboxThread } from '@message-station/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSentTo, callCount } from '../../test/api-mock';
import { phoneWidth } from '../../test/phone-width';
import { jsonResponse, mockSession, renderApp, sessionUser } from '../../test/render-app';
import { expectShown } from '../../test/shown';

const ID = '6f1c2a9e-0000-4000-8000-000000000001';

function conversation(overrides: Partial<TInboxConversation> = {}): TInboxConversation {
  return {
    id: ID,
    phone: '+12025550101',
    contact_id: 'c1',
    contact_name: 'Lucía',
    language: 'es',
    contact_status: 'active',
    unread_count: 1,
    last_message_at: '2026-11-27T10:00:00.000Z',
    last_preview: 'What time does the shelter open?',
    last_direction: 'in',
    ...overrides,
  };
}

const inbound: TInboxMessage = {
  id: 'm1',
  direction: 'in',
  body: '¿A qué hora abre el refugio?',
  language: 'es',
  translated_text: 'What time does the shelter open?',
  translation_language: 'en',
  translation_status: 'completed',
  translation_error: null,
  staff_text: null,
  staff_language: null,
  sent_by_name: null,
  sms_status: 'received',
  segments: 0,
  credits: 0,
  created_at: '2026-11-27T10:00:00.000Z',
};

function mockInbox(open: TInboxConversation) {
  const thread: TInboxThread = { conversation: open, station_language: 'en', messages: [inbound] };
  return mockSession(sessionUser(), {
    'GET /admin/api/inbox': () => jsonResponse({ conversations: [open], unread_total: open.unread_count }),
    'GET /admin/api/inbox/unread': () => jsonResponse({ unread_total: open.unread_count }),
    'GET /admin/api/inbox/settings': () => jsonResponse({ auto_reply: false }),
    [`GET /admin/api/inbox/${ID}`]: () => jsonResponse(thread),
    [`POST /admin/api/inbox/${ID}/read`]: () => jsonResponse({ unread_total: 0 }),
    [`POST /admin/api/inbox/${ID}/reply/preview`]: (_url, sent) => {
      const text = (sent.body as { text: string }).text;
      const body = `ES: ${text}`;
      return jsonResponse({
        text,
        staff_language: 'en',
        language: 'es',
        body,
        characters: body.length,
        encoding: 'GSM-7',
        segments: 1,
        credits: 1,
        balance: 42,
      });
    },
    [`POST /admin/api/inbox/${ID}/reply`]: (_url, sent) => {
      const request = sent.body as { text: string; body: string };
      return jsonResponse({
        message: {
          ...inbound,
          id: 'm2',
          direction: 'out',
          body: request.body,
          staff_text: request.text,
          credits: 1,
        },
        credits: 1,
        balance: 41,
      });
    },
  });
}

describe('InboxPage', () => {
  it('shows the text as written under its translation and reads it on opening', async () => {
    const api = mockInbox(conversation());
    renderApp(`/admin/inbox?c=${ID}`);
    expectShown(
      await screen.findByText('What time does the shelter open?', { selector: '[data-translation]' }),
    );
    expectShown(screen.getByText('¿A qué hora abre el refugio?'));
    expectShown(screen.getByText('Original (Spanish)'));
    await waitFor(() => expect(callCount(api, 'POST', `/admin/api/inbox/${ID}/read`)).toBe(1));
  });

  it('sends only what was previewed, for the cost shown', async () => {
    const api = mockInbox(conversation({ unread_count: 0 }));
    const user = userEvent.setup({ delay: null });
    renderApp(`/admin/inbox?c=${ID}`);
    const box = await screen.findByRole('textbox', { name: 'Reply in English' });
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();

    await user.type(box, 'It opens at 9.');
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    const preview = await screen.findByText('ES: It opens at 9.');
    expectShown(preview);
    expectShown(screen.getByText(/1 segment: costs 1 credit \(balance 42\)/));

    // A changed text needs a new translation before it can go.
    await user.type(box, ' Bring water.');
    expect(screen.queryByText('ES: It opens at 9.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Translate' }));
    await user.click(await screen.findByRole('button', { name: 'Send (1 credit)' }));
    await waitFor(() =>
      expect(bodiesSentTo(api, 'POST', `/admin/api/inbox/${ID}/reply`)).toEqual([
        { text: 'It opens at 9. Bring water.', language: 'en', body: 'ES: It opens at 9. Bring water.' },
      ]),
    );
  });

  it('offers no reply box to a number that opted out', async () => {
    mockInbox(conversation({ contact_status: 'opted_out', unread_count: 0 }));
    renderApp(`/admin/inbox?c=${ID}`);
    expectShown(await screen.findByText(/opted out of your texts/));
    expect(screen.queryByRole('textbox', { name: 'Reply in English' })).toBeNull();
    const list = screen.getByRole('navigation', { name: 'Conversations' });
    expectShown(within(list).getByText('Lucía'));
  });

  it('on a phone shows the list, then one conversation full width with the way back to the list', async () => {
    phoneWidth();
    mockInbox(conversation({ unread_count: 0 }));
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/admin/inbox');
    const list = await screen.findByRole('navigation', { name: 'Conversations' });
    expect(screen.queryByText('Choose a conversation to read it.')).toBeNull();
    await user.click(within(list).getByText('Lucía'));
    expect(router.state.location.search).toBe(`?c=${ID}`);
    expectShown(await screen.findByRole('textbox', { name: 'Reply in English' }));
    expect(screen.queryByRole('navigation', { name: 'Conversations' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'All conversations' }));
    expectShown(await screen.findByRole('navigation', { name: 'Conversations' }));
    expect(screen.queryByRole('textbox', { name: 'Reply in English' })).toBeNull();
  });
});
