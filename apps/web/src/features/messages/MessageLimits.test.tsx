// Message title and text show their limits (decision 0024): a counter under each, inputs that stop
// there, and a message saved before the limits is not sent back over them.
import { TEXT_LIMITS } from '@message-station/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setCookie } from '../../test/cookies';
import { callsTo, installFakeEventSource, message, mockMessagesApi } from '../../test/messages-test-helpers';
import { jsonResponse, renderApp } from '../../test/render-app';
import { expectShown } from '../../test/shown';

const LIST = 'GET /admin/api/messages';

describe('message limits', () => {
  it('the new message form counts the title and the text, and stops each at its limit', async () => {
    installFakeEventSource();
    mockMessagesApi({ [LIST]: () => jsonResponse([]) });
    renderApp('/admin/messages');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('No messages yet.');
    await user.click(screen.getByRole('button', { name: 'Add Message' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New Message' }));

    const title = dialog.getByRole('textbox', { name: /^Title/ }) as HTMLInputElement;
    const text = dialog.getByRole('textbox', { name: /^Original Text/ }) as HTMLTextAreaElement;
    expectShown(dialog.getByText('0 / 200 characters'));
    // The text's counter is the real room in one SMS: 1,600 less "Demo Radio: " and the opt-out line.
    const room = '(station name and opt-out line: 34)';
    expectShown(await dialog.findByText(`0 / 1,566 characters in one SMS ${room}`));
    // Pasted rather than typed key by key: each keystroke re-renders the whole form.
    await user.click(title);
    await user.paste('Flood');
    expectShown(dialog.getByText('5 / 200 characters'));
    await user.click(text);
    await user.paste('Stay indoors');
    expectShown(dialog.getByText(`12 / 1,566 characters in one SMS ${room}`));
    expect(title.maxLength).toBe(TEXT_LIMITS.messageTitle);
    expect(text.maxLength).toBe(TEXT_LIMITS.messageBody);
  });

  it('refuses a text over its SMS room before asking the server (decision 0052)', async () => {
    installFakeEventSource();
    const fetchMock = mockMessagesApi({ [LIST]: () => jsonResponse([]) });
    renderApp('/admin/messages');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('No messages yet.');
    await user.click(screen.getByRole('button', { name: 'Add Message' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New Message' }));
    fireEvent.change(dialog.getByRole('textbox', { name: /^Title/ }), { target: { value: 'Long' } });
    fireEvent.change(dialog.getByRole('textbox', { name: /^Original Text/ }), {
      target: { value: 'a'.repeat(1599) },
    });
    expectShown(
      await dialog.findByText(
        '1,599 / 1,566 characters: 33 too many for one SMS (station name and opt-out line: 34)',
      ),
    );
    await user.click(dialog.getByRole('button', { name: 'Create Message' }));
    expectShown(
      dialog.getByText(
        'This text is too long for one SMS in English: at most 1,566 characters once the station name and the opt-out line are added.',
      ),
    );
    expect(callsTo(fetchMock, 'POST', '/admin/api/messages')).toHaveLength(0);
  });

  it('a title saved before the limits shows over it, and Save is refused until it is shortened', async () => {
    setCookie('csrf_token', 'l1');
    installFakeEventSource();
    const old = message({ title: 'a'.repeat(250) });
    const fetchMock = mockMessagesApi({
      [LIST]: () => jsonResponse([old]),
      'PUT /admin/api/messages/m-1': () => jsonResponse({ ...old, title: 'Road closure' }),
    });
    renderApp('/admin/messages');
    const user = userEvent.setup({ delay: null });
    const row = (await screen.findByText(old.original)).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Details' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Edit' }));

    expectShown(dialog.getByText('250 / 200 characters'));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expectShown(dialog.getByText('At most 200 characters. Please shorten it.'));
    expect(callsTo(fetchMock, 'PUT', '/admin/api/messages/m-1')).toHaveLength(0);

    fireEvent.change(dialog.getByRole('textbox', { name: /^Title/ }), { target: { value: 'Road closure' } });
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expectShown(await dialog.findByText('Message updated and re-translated successfully'));
    expect(callsTo(fetchMock, 'PUT', '/admin/api/messages/m-1')).toHaveLength(1);
  });
});
