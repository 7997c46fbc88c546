import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/AppProviders';
import { createQueryClient } from '../app/query-client';
import { mockApi } from '../test/api-mock';
import { jsonResponse } from '../test/render-app';
import { BotCheck } from './BotCheck';
import { ALTCHA_CONFIG, botCheckHandlers, expireBotCheck, passBotCheck } from './bot-check-test-helpers';
import { TURNSTILE_SCRIPT_URL } from './TurnstileWidget';

// The real widget needs a browser; the page only has to load it and listen to its events.
vi.mock('altcha/external', () => ({}));

const LOAD_FAILED = 'CAPTCHA failed to load. Please check your browser console for details.';

function renderBotCheck() {
  const onVerified = vi.fn();
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <AppProviders queryClient={queryClient} env="test">
      <BotCheck onVerified={onVerified} />
    </AppProviders>,
  );
  return onVerified;
}

describe('BotCheck with ALTCHA', () => {
  it('shows the widget with the challenge URL and reports its payload once verified', async () => {
    mockApi(botCheckHandlers);
    const onVerified = renderBotCheck();

    const widget = await passBotCheck('payload-abc');

    expect(widget).toHaveAttribute('challengeurl', '/api/altcha/challenge');
    expect(onVerified).toHaveBeenLastCalledWith('payload-abc');
  });

  it('reports null when the verification expires or fails, and ignores the verifying step', async () => {
    mockApi(botCheckHandlers);
    const onVerified = renderBotCheck();
    const widget = await passBotCheck('payload-abc');

    widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verifying' } }));
    expect(onVerified).toHaveBeenLastCalledWith('payload-abc');

    expireBotCheck(widget);
    expect(onVerified).toHaveBeenLastCalledWith(null);

    widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'error' } }));
    expect(onVerified).toHaveBeenCalledTimes(3);
    expect(onVerified).toHaveBeenLastCalledWith(null);
  });

  it('says the CAPTCHA failed to load when the configuration cannot be read, and logs why', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'GET /api/bot-check': () => jsonResponse({ error: 'Internal Server Error' }, 500) });
    renderBotCheck();

    expect((await screen.findByRole('alert')).textContent).toBe(LOAD_FAILED);
    expect(document.querySelector('altcha-widget')).toBeNull();
    expect(consoleError).toHaveBeenCalled();
  });

  it('says the CAPTCHA failed to load when ALTCHA has no challenge URL', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'GET /api/bot-check': () => jsonResponse({ ...ALTCHA_CONFIG, challenge_url: null }) });
    renderBotCheck();

    expect((await screen.findByRole('alert')).textContent).toBe(LOAD_FAILED);
  });
});

describe('BotCheck with Turnstile', () => {
  const turnstileConfig = { provider: 'turnstile', challenge_url: null, site_key: '0x4AAA-site-key' };

  afterEach(() => {
    document.querySelector(`script[src="${TURNSTILE_SCRIPT_URL}"]`)?.remove();
  });

  it("renders Cloudflare's widget with the site key and reports its token", async () => {
    const render = vi.fn((_container: HTMLElement, _options: TTurnstileRenderOptions) => 'widget-1');
    vi.stubGlobal('turnstile', { render, remove: vi.fn() });
    mockApi({ 'GET /api/bot-check': () => jsonResponse(turnstileConfig) });
    const onVerified = renderBotCheck();

    await waitFor(() => expect(render).toHaveBeenCalled());
    const options = render.mock.calls[0]?.[1];
    expect(options?.sitekey).toBe('0x4AAA-site-key');

    options?.callback?.('turnstile-token');
    expect(onVerified).toHaveBeenLastCalledWith('turnstile-token');
    options?.['expired-callback']?.();
    expect(onVerified).toHaveBeenLastCalledWith(null);
  });

  it("says the CAPTCHA failed to load when Cloudflare's script does not load", async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'GET /api/bot-check': () => jsonResponse(turnstileConfig) });
    renderBotCheck();

    expect((await screen.findByRole('alert')).textContent).toBe(LOAD_FAILED);
    expect(consoleError).toHaveBeenCalled();
  });
});
