// Test fixtures for forms with the bot check: the server's ALTCHA configuration, and passing or
// expiring the widget the way the real one reports it. Test files also mock the 'altcha/external' module.
import { act, waitFor } from '@testing-library/react';
import type { TBotCheckConfig } from '../api/bot-check';
import type { TApiHandler } from '../test/api-mock';
import { jsonResponse } from '../test/render-app';

export const ALTCHA_CONFIG: TBotCheckConfig = {
  provider: 'altcha',
  challenge_url: '/api/altcha/challenge',
  site_key: null,
};

export const botCheckHandlers: Record<string, TApiHandler> = {
  'GET /api/bot-check': () => jsonResponse(ALTCHA_CONFIG),
};

/** The <altcha-widget> on the page, once the configuration and the widget have loaded. */
export function findAltchaWidget(): Promise<HTMLElement> {
  return waitFor(() => {
    const widget = document.querySelector<HTMLElement>('altcha-widget');
    if (!widget) throw new Error('No <altcha-widget> on the page');
    return widget;
  });
}

function changeAltchaState(widget: HTMLElement, state: string, payload?: string) {
  act(() => {
    widget.dispatchEvent(new CustomEvent('statechange', { detail: { state, payload } }));
  });
}

export async function passBotCheck(payload = 'altcha-payload-1'): Promise<HTMLElement> {
  const widget = await findAltchaWidget();
  changeAltchaState(widget, 'verified', payload);
  return widget;
}

export function expireBotCheck(widget: HTMLElement) {
  changeAltchaState(widget, 'expired');
}
