import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, callCount, mockApi } from '../../test/api-mock';
import { setCookie } from '../../test/cookies';
import { jsonResponse, renderApp, sessionUser } from '../../test/render-app';
import { contactField, FILLED, fillContactForm, sendButton } from './contact-test-helpers';

vi.mock('altcha/external', () => ({}));

describe('AdminContactPage', () => {
  it('sends as the signed-in user with name and email locked and no bot check', async () => {
    setCookie('csrf_token', 'a1');
    const fetchMock = mockApi({
      'GET /auth/session': () =>
        jsonResponse(sessionUser({ fullName: 'Ana Rivera', email: 'ana@demoradio.org' })),
      'POST /api/contact': () => jsonResponse({ message: 'Message sent' }),
    });
    renderApp('/admin/contact');
    await screen.findByRole('heading', { name: 'Contact Support', level: 1 });
    const user = userEvent.setup({ delay: null });

    expect(contactField('Name')).toHaveValue('Ana Rivera');
    expect(contactField('Name').readOnly).toBe(true);
    expect(contactField('Email')).toHaveValue('ana@demoradio.org');
    expect(contactField('Email').readOnly).toBe(true);
    expect(document.querySelector('altcha-widget')).toBeNull();
    expect(sendButton().disabled).toBe(false);

    await user.type(contactField('Name'), 'Someone Else');
    await fillContactForm(user, { category: 'station', subject: FILLED.subject, message: FILLED.message });
    await user.click(sendButton());

    expect(await screen.findByText("Message sent successfully! We'll get back to you soon.")).toBeVisible();
    expect(bodiesSentTo(fetchMock, 'POST', '/api/contact')).toEqual([
      {
        name: 'Ana Rivera',
        email: 'ana@demoradio.org',
        category: 'station',
        subject: FILLED.subject,
        message: FILLED.message,
      },
    ]);
    expect(callCount(fetchMock, 'GET', '/api/bot-check')).toBe(0);
    // The reset keeps the account's name and email.
    expect(contactField('Name')).toHaveValue('Ana Rivera');
    expect(contactField('Subject')).toHaveValue('');
  });
});
