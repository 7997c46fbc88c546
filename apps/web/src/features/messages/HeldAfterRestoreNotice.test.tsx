import type { THeldAfterRestore } from '@message-station/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { createQueryClient } from '../../app/query-client';
import { SessionUserContext } from '../../app/session-user';
import i18n from '../../i18n';
import { callCount, mockApi, type TApiHandler } from '../../test/api-mock';
import { jsonResponse, sessionUser } from '../../test/render-app';
import { HeldAfterRestoreNotice } from './HeldAfterRestoreNotice';

const PATH = '/admin/api/messages/m-1/held-after-restore';

const HELD: THeldAfterRestore = {
  held: 7276,
  in_flight: 32,
  restored_at: '2026-12-06T21:00:00.000Z',
  messages: [],
};

async function show(
  language: 'en' | 'es',
  user = sessionUser(),
  handlers: Record<string, TApiHandler> = {},
  held: THeldAfterRestore = HELD,
) {
  await i18n.changeLanguage(language);
  const api = mockApi({ [`GET ${PATH}`]: () => jsonResponse(held), ...handlers });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <AppProviders queryClient={queryClient} env="test">
      <SessionUserContext value={user}>
        <HeldAfterRestoreNotice messageId="m-1" />
      </SessionUserContext>
    </AppProviders>,
  );
  return api;
}

describe('HeldAfterRestoreNotice', () => {
  it('tells how many texts are held and why; an admin sends them and reads what happened', async () => {
    let held = HELD;
    const api = await show('en', sessionUser(), {
      [`GET ${PATH}`]: () => jsonResponse(held),
      [`POST ${PATH}/send`]: () => {
        held = { ...HELD, held: 0, in_flight: 0, restored_at: null };
        return jsonResponse({
          action: 'send',
          already_sent: 7270,
          queued: 6,
          cancelled: 0,
          provider_checked: true,
        });
      },
    });
    const notice = await screen.findByTestId('held-after-restore');
    expect(notice.textContent).toContain('7,276 texts held after a restore');
    expect(notice.textContent).toContain('32 of them were with the SMS provider at that moment.');
    expect(notice.textContent).toContain('only the texts it does not have go out');
    await userEvent.click(screen.getByRole('button', { name: 'Send them' }));
    expect(await screen.findByText('Done: 6 sent now, 7,270 the SMS provider already had.')).toBeVisible();
    expect(callCount(api, 'POST', `${PATH}/send`)).toBe(1);
    expect(screen.queryByTestId('held-after-restore')).toBeNull();
  });

  it('in Spanish: the notice, and a refusal worded from its code', async () => {
    await show('es', sessionUser(), {
      [`POST ${PATH}/cancel`]: () =>
        jsonResponse({ error: 'x', code: 'held_texts_lookup_failed', params: {} }, 503),
    });
    expect((await screen.findByTestId('held-after-restore')).textContent).toContain(
      '7276 textos retenidos tras una restauración',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancelarlos' }));
    expect(await screen.findByText(/El proveedor de SMS no pudo decir/)).toBeVisible();
  });

  it('shows no buttons to staff who are not admins, and nothing when no text is held', async () => {
    await show('en', sessionUser({ role: 'user' }));
    expect((await screen.findByTestId('held-after-restore')).textContent).toContain(
      'An admin decides whether to send or cancel them.',
    );
    expect(screen.queryByRole('button', { name: 'Send them' })).toBeNull();
  });
});
