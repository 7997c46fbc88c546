import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  botCheckHandlers,
  expireBotCheck,
  findAltchaWidget,
  passBotCheck,
} from '../../components/bot-check-test-helpers';
import { bodiesSentTo, callCount, mockApi, networkError, type TApiHandler } from '../../test/api-mock';
import { setCookie } from '../../test/cookies';
import { jsonResponse, renderApp } from '../../test/render-app';
import { contactField, FILLED, fillContactForm, sendButton } from './contact-test-helpers';

vi.mock('altcha/external', () => ({}));

function mockContactApi(send: TApiHandler = () => jsonResponse({ message: 'Message sent' })) {
  setCookie('csrf_token', 'c1');
  return mockApi({
    'GET /auth/session': () => jsonResponse({ error: 'Not signed in' }, 401),
    ...botCheckHandlers,
    'POST /api/contact': send,
  });
}

async function openContactPage() {
  renderApp('/contact');
  await screen.findByRole('heading', { name: 'Contact Us' });
  return userEvent.setup({ delay: null });
}

describe('ContactPage', () => {
  it('tells the support hours and lists the six categories', async () => {
    mockContactApi();
    await openContactPage();

    expect(screen.getByText(/Monday–Friday, 9 AM–5 PM Pacific/)).toBeVisible();
    expect(screen.getByText(/within 2 business days/)).toBeVisible();
    const options = [...contactField('Category').querySelectorAll('option')].slice(1);
    expect(options.map((option) => option.textContent)).toEqual([
      'Questions about Message Station',
      'Account Support',
      'Station Support',
      'Billing and Subscriptions',
      'Security and Privacy',
      'Other',
    ]);
    expect(contactField('Message')).toHaveAttribute('rows', '6');
  });

  it('keeps Send Message disabled until the bot check is passed, and again once it expires', async () => {
    mockContactApi();
    const user = await openContactPage();
    await fillContactForm(user, FILLED);

    expect(sendButton().disabled).toBe(true);
    const widget = await passBotCheck();
    expect(sendButton().disabled).toBe(false);
    expireBotCheck(widget);
    expect(sendButton().disabled).toBe(true);
  });

  it('requires every field and a valid email before sending', async () => {
    const fetchMock = mockContactApi();
    const user = await openContactPage();
    await passBotCheck();

    await user.click(sendButton());
    expect(await screen.findByText('Name is required')).toBeVisible();
    expect(screen.getByText('Email is required')).toBeVisible();
    expect(screen.getByText('Please choose a category')).toBeVisible();
    expect(screen.getByText('Subject is required')).toBeVisible();
    expect(screen.getByText('Message is required')).toBeVisible();

    await fillContactForm(user, { ...FILLED, email: 'maria.kxyz.org' });
    await user.click(sendButton());
    expect(await screen.findByText('Please enter a valid email address')).toBeVisible();
    expect(callCount(fetchMock, 'POST', '/api/contact')).toBe(0);
  });

  it('sends the message with the bot-check payload, then shows success and resets form and bot check', async () => {
    const fetchMock = mockContactApi();
    const user = await openContactPage();
    await fillContactForm(user, FILLED);
    const widget = await passBotCheck('payload-42');

    await user.click(sendButton());

    expect(await screen.findByText("Message sent successfully! We'll get back to you soon.")).toBeVisible();
    expect(bodiesSentTo(fetchMock, 'POST', '/api/contact')).toEqual([
      { ...FILLED, turnstileToken: 'payload-42' },
    ]);
    expect(contactField('Name')).toHaveValue('');
    expect(contactField('Subject')).toHaveValue('');
    expect(contactField('Message')).toHaveValue('');
    // A fresh widget replaces the spent one, and sending waits for it again.
    expect(widget.isConnected).toBe(false);
    expect((await findAltchaWidget()).isConnected).toBe(true);
    expect(sendButton().disabled).toBe(true);
  });

  it("shows the server's refusal and asks for the bot check again", async () => {
    mockContactApi(() => jsonResponse({ error: 'Please complete the CAPTCHA verification' }, 400));
    const user = await openContactPage();
    await fillContactForm(user, FILLED);
    await passBotCheck();

    await user.click(sendButton());

    expect((await screen.findByRole('alert')).textContent).toBe('Please complete the CAPTCHA verification');
    expect(sendButton().disabled).toBe(true);
    expect(contactField('Subject')).toHaveValue(FILLED.subject);
  });

  it("falls back to 'Failed to send message' without a server text", async () => {
    mockContactApi(() => new Response('', { status: 502 }));
    const user = await openContactPage();
    await fillContactForm(user, FILLED);
    await passBotCheck();

    await user.click(sendButton());

    expect((await screen.findByRole('alert')).textContent).toBe('Failed to send message');
  });

  it('says so on a network error and keeps the bot check passed', async () => {
    mockContactApi(networkError);
    const user = await openContactPage();
    await fillContactForm(user, FILLED);
    await passBotCheck();

    await user.click(sendButton());

    expect((await screen.findByRole('alert')).textContent).toBe('Network error. Please try again.');
    await waitFor(() => expect(sendButton().disabled).toBe(false));
  });
});
