import { TEXT_LIMITS } from '@message-station/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../api/query-keys';
import { AppProviders } from '../../app/AppProviders';
import { createQueryClient } from '../../app/query-client';
import i18n from '../../i18n';
import { bodiesSentTo } from '../../test/api-mock';
import { setCookie } from '../../test/cookies';
import { jsonResponse, mockSession } from '../../test/render-app';
import { InboundSmsForm } from './InboundSmsForm';

function renderForm() {
  const queryClient = createQueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  render(
    <AppProviders queryClient={queryClient} env="test">
      <InboundSmsForm />
    </AppProviders>,
  );
  return { invalidate };
}

describe('InboundSmsForm', () => {
  it('sends the text from the phone, shows the reply and refreshes the outbox', async () => {
    setCookie('csrf_token', 'd1');
    const fetchMock = mockSession(null, {
      'POST /dev/api/inbound': () =>
        jsonResponse({ reply: 'Demo Radio: You are unsubscribed and will receive no more messages.' }),
    });
    const { invalidate } = renderForm();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^From/), '4155550134');
    await user.type(screen.getByLabelText(/^Message/), ' STOP ');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(
      await screen.findByText('Demo Radio: You are unsubscribed and will receive no more messages.'),
    ).toBeVisible();
    expect(screen.getByText('Station replied')).toBeVisible();
    expect(bodiesSentTo(fetchMock, 'POST', '/dev/api/inbound')).toEqual([
      { from: '+14155550134', body: 'STOP' },
    ]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.devOutbox });
    expect(screen.getByLabelText(/^Message/)).toHaveValue('');
  });

  it('refuses a text longer than the server takes (ZDevInboundRequest), in English and Spanish', async () => {
    setCookie('csrf_token', 'd3');
    const fetchMock = mockSession(null, { 'POST /dev/api/inbound': () => jsonResponse({ reply: null }) });
    renderForm();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^From/), '4155550134');
    // A paste the input's limit did not stop: the schema refuses it, naming the field as shown.
    fireEvent.change(screen.getByLabelText(/^Message/), {
      target: { value: 'x'.repeat(TEXT_LIMITS.smsBody + 1) },
    });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText(
        `Message must be at most ${TEXT_LIMITS.smsBody.toLocaleString('en-US')} characters.`,
      ),
    ).toBeVisible();

    await i18n.changeLanguage('es');
    await user.click(await screen.findByRole('button', { name: 'Enviar' }));
    expect(
      await screen.findByText(
        `«Mensaje» debe tener como máximo ${TEXT_LIMITS.smsBody.toLocaleString('es')} caracteres.`,
      ),
    ).toBeVisible();
    expect(bodiesSentTo(fetchMock, 'POST', '/dev/api/inbound')).toEqual([]);
  });

  it('says when the station did not reply, and shows refusals as given', async () => {
    setCookie('csrf_token', 'd2');
    let reply = jsonResponse({ reply: null });
    mockSession(null, { 'POST /dev/api/inbound': () => reply });
    renderForm();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    // The submit waits for the phone checks, which load on demand (decision 0062).
    expect(await screen.findByText('Phone number is required')).toBeVisible();
    expect(screen.getByText('Message is required')).toBeVisible();

    await user.type(screen.getByLabelText(/^From/), '4155550134');
    await user.type(screen.getByLabelText(/^Message/), 'hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The station did not reply.')).toBeVisible();

    reply = jsonResponse({ error: 'Not found' }, 404);
    await user.type(screen.getByLabelText(/^Message/), 'hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByText('Not found')).toBeVisible());
  });
});
