// A signed-in user's language choice is kept on their account (emails to them follow it); a
// visitor's stays in the browser only (PublicLayout.test).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { bodiesSentTo } from '../../test/api-mock';
import { setCookie } from '../../test/cookies';
import { jsonResponse, mockSession, renderApp, sessionUser } from '../../test/render-app';
import { expectShown } from '../../test/shown';

const LANGUAGE = 'PUT /admin/api/account/language';

function sentLanguages(fetchMock: ReturnType<typeof mockSession>) {
  return bodiesSentTo(fetchMock, 'PUT', '/admin/api/account/language');
}

describe('the language menu', () => {
  it('keeps a signed-in user’s choice on their account', async () => {
    setCookie('csrf_token', 'l1');
    const fetchMock = mockSession(sessionUser(), {
      [LANGUAGE]: (_url, sent) => jsonResponse(sent.body),
    });
    renderApp('/admin/account');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Language/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Español' }));
    expectShown(await screen.findByRole('link', { name: 'Mi cuenta' }));
    expect(sentLanguages(fetchMock)).toEqual([{ language: 'es' }]);

    // Choosing the language already shown changes nothing.
    await user.click(screen.getByRole('button', { name: /^Language/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Español' }));
    expect(sentLanguages(fetchMock)).toEqual([{ language: 'es' }]);
    await i18n.changeLanguage('en');
  });

  it('is named "Language" and then the language it shows, so its name holds its visible text', async () => {
    mockSession(null);
    renderApp('/contact');
    const user = userEvent.setup({ delay: null });
    const button = await screen.findByRole('button', { name: 'Language: English' });
    expect(button).toHaveTextContent('English');
    await user.click(button);
    await user.click(await screen.findByRole('menuitem', { name: 'Español' }));
    const spanish = await screen.findByRole('button', { name: 'Language: Español' });
    expect(spanish).toHaveTextContent('Español');
    await i18n.changeLanguage('en');
  });

  it('loads the menu on the first click, opened, and gives the focus back to its button on Escape', async () => {
    mockSession(null);
    renderApp('/contact');
    const user = userEvent.setup({ delay: null });
    const plain = await screen.findByRole('button', { name: /^Language/ });
    expect(plain).toHaveAttribute('aria-haspopup', 'menu');
    await user.click(plain);
    expectShown(await screen.findByRole('menuitem', { name: 'Español' }));
    const trigger = screen.getByRole('button', { name: /^Language/ });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Español' })).not.toBeInTheDocument());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Language/ }));
  });
});
