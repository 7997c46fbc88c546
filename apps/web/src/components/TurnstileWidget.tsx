// Cloudflare Turnstile for the bot check: loads Cloudflare's script once and renders the widget.
import { Box } from '@mantine/core';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from '../i18n/react';
import { BOT_CHECK_HEIGHT, type TWidgetProps } from './bot-check-widget';

export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

/**
 * Resolves with window.turnstile. A page that mounts the widget again reuses the script already
 * added; one that failed is removed so a later attempt loads it afresh.
 */
function loadTurnstile(): Promise<TTurnstile> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  return new Promise((resolve, reject) => {
    const existing = document.querySelector<HTMLScriptElement>(`script[src="${TURNSTILE_SCRIPT_URL}"]`);
    const script = existing ?? document.createElement('script');
    script.addEventListener('load', () => {
      if (window.turnstile) resolve(window.turnstile);
      else reject(new Error('Turnstile script loaded without window.turnstile'));
    });
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error(`Failed to load ${TURNSTILE_SCRIPT_URL}`));
    });
    if (existing) return;
    script.src = TURNSTILE_SCRIPT_URL;
    script.async = true;
    document.head.append(script);
  });
}

export function TurnstileWidget({ siteKey, onVerified, onLoadFailed }: TWidgetProps & { siteKey: string }) {
  const { i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? i18n.language) === 'es' ? 'es' : 'en';
  const containerRef = useRef<HTMLDivElement>(null);
  const reportState = useEffectEvent(onVerified);
  const reportLoadFailed = useEffectEvent(onLoadFailed);

  useEffect(() => {
    let cancelled = false;
    let widgetId: string | undefined;
    loadTurnstile().then(
      (turnstile) => {
        if (cancelled || !containerRef.current) return;
        widgetId = turnstile.render(containerRef.current, {
          sitekey: siteKey,
          // Takes the form's width, like the other fields.
          size: 'flexible',
          language,
          callback: (token) => reportState(token),
          'expired-callback': () => reportState(null),
          'error-callback': () => {
            reportState(null);
            // The widget shows the problem and retries by itself.
            return true;
          },
        });
      },
      (error: unknown) => {
        console.error('The Turnstile widget failed to load', error);
        if (!cancelled) reportLoadFailed();
      },
    );
    return () => {
      cancelled = true;
      if (widgetId !== undefined) window.turnstile?.remove(widgetId);
    };
  }, [siteKey, language]);

  return <Box ref={containerRef} mih={BOT_CHECK_HEIGHT} data-testid="turnstile-widget" />;
}
