// Test helpers for the signup wizard: fill a step the way a user does, and a start reply.
import type { TRegisterStartResponse } from '@message-station/shared';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { passBotCheck } from '../../components/bot-check-test-helpers';

/** The payload the mocked bot-check widget reports on step 5. */
export const SIGNUP_BOT_CHECK_PAYLOAD = 'signup-altcha-payload';

export async function fill(user: UserEvent, label: string, value: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const field = screen.getByLabelText(new RegExp(`^${escaped}`), { selector: 'input, textarea' });
  await user.clear(field);
  await user.click(field);
  await user.paste(value);
}

export async function clickContinue(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

export const ACCOUNT = {
  fullName: 'Ana Rivera',
  email: 'ana@kxyz.org',
  billingEmail: 'billing@kxyz.org',
  password: 'correct horse',
  phone: '4155550134',
};

export async function fillAccountStep(user: UserEvent, values = ACCOUNT) {
  await fill(user, 'Full Name', values.fullName);
  await fill(user, 'Email', values.email);
  await fill(user, 'Billing Email', values.billingEmail);
  await user.type(screen.getByLabelText(/^Password/), values.password);
  await user.type(screen.getByLabelText(/^Confirm Password/), values.password);
  await fill(user, 'Phone Number', values.phone);
}

/** Steps 1 to 5 with valid values and the bot check passed, ending with a click on Accept & Continue. */
export async function completeStepsOneToFive(
  user: UserEvent,
  stationName = 'KXYZ Radio 101.5',
  options: { timeZone?: string } = {},
) {
  await fillAccountStep(user);
  await clickContinue(user);
  await fill(user, 'Station Name', stationName);
  await clickContinue(user);
  await screen.findByText('Supported Languages');
  if (options.timeZone) {
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time Zone' }), options.timeZone);
  }
  await clickContinue(user);
  await screen.findByText('Message types');
  await clickContinue(user);
  await user.click(await screen.findByRole('checkbox', { name: /I have read and agree/ }));
  // The bot check before the code is texted (decision 0054); the test files mock the widget.
  await passBotCheck(SIGNUP_BOT_CHECK_PAYLOAD);
  await user.click(screen.getByRole('button', { name: 'Accept & Continue' }));
}

export function startReply(overrides: Partial<TRegisterStartResponse> = {}): TRegisterStartResponse {
  const now = Date.now();
  return {
    registration_id: '6f1c1c4e-8d4b-4d8e-9a51-0c8f3c0c2d11',
    expires_at: new Date(now + 24 * 3600_000).toISOString(),
    code_expires_at: new Date(now + 10 * 60_000).toISOString(),
    resend_available_at: new Date(now + 30_000).toISOString(),
    phone_last4: '0134',
    ...overrides,
  };
}
