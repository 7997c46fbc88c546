// The contact form shows its limits (decision 0024): the message counts its characters, and text
// over a limit is refused in the page, before anything is sent.
import { TEXT_LIMITS } from '@message-station/shared';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { botCheckHandlers, passBotCheck } from '../../components/bot-check-test-helpers';
import i18n from '../../i18n';
import { callCount, mockApi } from '../../test/api-mock';
import { setCookie } from '../../test/cookies';
import { jsonResponse, renderApp } from '../../test/render-app';
import { expectShown } from '../../test/shown';
import { contactField, FILLED, fillContactForm, sendButton } from './contact-test-helpers';

vi.mock('altcha/external', () => ({}));

function mockContactApi() {
  setCookie('csrf_token', 'c1');
  return mockApi({
    'GET /auth/session': () => jsonResponse({ error: 'Not signed in' }, 401),
    ...botCheckHandlers,
    'POST /api/contact': () => jsonResponse({ message: 'Message sent' }),
  });
}

async function openContactPage(heading = 'Contact Us') {
  renderApp('/contact');
  await screen.findByRole('heading', { name: heading });
  return userEvent.setup({ delay: null });
}

describe('ContactForm limits', () => {
  it('counts the message as it is typed, and stops every field at its limit', async () => {
    mockContactApi();
    const user = await openContactPage();

    expectShown(screen.getByText('0 / 5,000 characters'));
    await user.type(contactField('Message'), 'Hello');
    expectShown(screen.getByText('5 / 5,000 characters'));

    expect(contactField('Message').maxLength).toBe(TEXT_LIMITS.contactMessage);
    expect(contactField('Name').maxLength).toBe(TEXT_LIMITS.name);
    expect(contactField('Email').maxLength).toBe(TEXT_LIMITS.email);
    expect(contactField('Subject').maxLength).toBe(TEXT_LIMITS.contactSubject);
  });

  it('refuses an over-long message in the page: the reason is shown and nothing is sent', async () => {
    const fetchMock = mockContactApi();
    const user = await openContactPage();
    await fillContactForm(user, { ...FILLED, message: undefined });
    // Text longer than the input takes, as a script or an old browser could set it.
    fireEvent.change(contactField('Message'), {
      target: { value: 'a'.repeat(TEXT_LIMITS.contactMessage + 1) },
    });
    expectShown(screen.getByText('5,001 / 5,000 characters'));
    await passBotCheck();

    await user.click(sendButton());

    expectShown(await screen.findByText('At most 5,000 characters. Please shorten it.'));
    expect(callCount(fetchMock, 'POST', '/api/contact')).toBe(0);

    // Shortened, it goes.
    fireEvent.change(contactField('Message'), { target: { value: FILLED.message } });
    await user.click(sendButton());
    expectShown(await screen.findByText("Message sent successfully! We'll get back to you soon."));
    expect(callCount(fetchMock, 'POST', '/api/contact')).toBe(1);
  });

  it('counts in Spanish when the interface is in Spanish', async () => {
    await i18n.changeLanguage('es');
    mockContactApi();
    renderApp('/contact');
    expectShown(await screen.findByText('0 / 5000 caracteres'));
  });
});
