// The bot check of the public forms (contact, forgot password): the ALTCHA or Cloudflare Turnstile
// widget the server's configuration names, reporting the payload to send as turnstileToken.
import { Alert, Box, type MantineStyleProp, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
// The widget's styles as a stylesheet of this site; its worker never inlined as a data: URL,
// which the policy's worker-src refuses (decision 0022).
import 'altcha/altcha.css';
import altchaWorkerPath from 'altcha/worker?url&no-inline';
import { useEffect, useEffectEvent, useState } from 'react';
import { getBotCheckConfig } from '../api/bot-check';
import { useTranslation } from '../i18n/react';
import { BOT_CHECK_HEIGHT, type TWidgetProps } from './bot-check-widget';
import { TurnstileWidget } from './TurnstileWidget';
import type { TBotCheckState } from './use-bot-check';

// The provider does not change while the page is open: read it once.
const BOT_CHECK_QUERY_KEY = ['bot-check'] as const;

export type TBotCheckProps = Pick<TWidgetProps, 'onVerified'>;

type TWidgetSetting =
  | { provider: 'altcha'; challengeUrl: string }
  | { provider: 'turnstile'; siteKey: string };

/** The widget to show, or an error (logged for the console) when the configuration is unusable. */
async function loadWidgetSetting(signal: AbortSignal): Promise<TWidgetSetting> {
  try {
    const config = await getBotCheckConfig(signal);
    if (config.provider === 'altcha' && config.challenge_url) {
      return { provider: 'altcha', challengeUrl: config.challenge_url };
    }
    if (config.provider === 'turnstile' && config.site_key) {
      return { provider: 'turnstile', siteKey: config.site_key };
    }
    throw new Error(`Bot check configuration is incomplete: ${JSON.stringify(config)}`);
  } catch (error) {
    if (!signal.aborted) console.error('The bot check configuration failed to load', error);
    throw error;
  }
}

/**
 * Give it a new `key` to start over, e.g. after a successful submit: a payload is good for one
 * request only.
 */
export function BotCheck({ onVerified }: TBotCheckProps) {
  const setting = useQuery({
    queryKey: BOT_CHECK_QUERY_KEY,
    queryFn: ({ signal }) => loadWidgetSetting(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [widgetFailed, setWidgetFailed] = useState(false);

  if (setting.isPending) return <Skeleton height={BOT_CHECK_HEIGHT} radius="sm" />;
  if (setting.isError || widgetFailed) return <BotCheckLoadFailed />;

  const onLoadFailed = () => setWidgetFailed(true);
  if (setting.data.provider === 'altcha') {
    return (
      <AltchaWidget
        challengeUrl={setting.data.challengeUrl}
        onVerified={onVerified}
        onLoadFailed={onLoadFailed}
      />
    );
  }
  return (
    <TurnstileWidget siteKey={setting.data.siteKey} onVerified={onVerified} onLoadFailed={onLoadFailed} />
  );
}

/** The bot check of a form using useBotCheck, with 'Please complete the CAPTCHA verification' when skipped. */
export function BotCheckField({ botCheck }: { botCheck: TBotCheckState }) {
  const { t } = useTranslation('contact');
  return (
    <Stack gap={4}>
      <BotCheck key={botCheck.widgetKey} onVerified={botCheck.onVerified} />
      {botCheck.missing && (
        <Text c="red" fz="sm" role="alert">
          {t('botCheck.required')}
        </Text>
      )}
    </Stack>
  );
}

function BotCheckLoadFailed() {
  const { t } = useTranslation('contact');
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
      {t('botCheck.loadFailed')}
    </Alert>
  );
}

type TWidgetLanguage = 'en' | 'es';

/**
 * Loads the web component, and its Spanish texts when needed (only English ships in the widget).
 * The 'external' build, because the default one adds its styles as a <style> element and starts
 * its workers from blob: URLs, both refused by the page's Content-Security-Policy (decision 0022):
 * here the styles come as a stylesheet and the worker as a file of this site.
 */
async function loadAltcha(language: TWidgetLanguage): Promise<void> {
  await import('altcha/external');
  if (language === 'es') await import('altcha/i18n/es-419');
}

/** The proof-of-work worker, as an absolute URL: the widget passes it to `new URL()` alone. */
function altchaWorkerUrl(): string {
  return new URL(altchaWorkerPath, window.location.href).href;
}

// The widget's custom properties, set to Mantine's theme so it reads as one of the form's fields.
const ALTCHA_THEME: MantineStyleProp = {
  '--altcha-max-width': '100%',
  '--altcha-border-radius': 'var(--mantine-radius-sm)',
  '--altcha-color-base': 'var(--mantine-color-body)',
  '--altcha-color-border': 'var(--mantine-color-default-border)',
  '--altcha-color-border-focus': 'var(--mantine-primary-color-filled)',
  '--altcha-color-active': 'var(--mantine-primary-color-filled)',
  '--altcha-color-text': 'var(--mantine-color-text)',
  '--altcha-color-error-text': 'var(--mantine-color-error)',
};

function AltchaWidget({ challengeUrl, onVerified, onLoadFailed }: TWidgetProps & { challengeUrl: string }) {
  const { i18n } = useTranslation();
  const language: TWidgetLanguage = (i18n.resolvedLanguage ?? i18n.language) === 'es' ? 'es' : 'en';
  const [loadedLanguage, setLoadedLanguage] = useState<TWidgetLanguage | null>(null);
  const reportLoadFailed = useEffectEvent(onLoadFailed);

  useEffect(() => {
    let cancelled = false;
    loadAltcha(language).then(
      () => {
        if (!cancelled) setLoadedLanguage(language);
      },
      (error: unknown) => {
        console.error('The ALTCHA widget failed to load', error);
        if (!cancelled) reportLoadFailed();
      },
    );
    return () => {
      cancelled = true;
    };
  }, [language]);

  if (loadedLanguage === null) return <Skeleton height={BOT_CHECK_HEIGHT} radius="sm" />;

  const onStateChange = (event: CustomEvent) => {
    const { state, payload } = (event as AltchaStateChangeEvent).detail;
    if (state === 'verifying') return;
    onVerified(state === 'verified' && payload ? payload : null);
  };
  return (
    <Box style={ALTCHA_THEME}>
      <altcha-widget
        challengeurl={challengeUrl}
        workerurl={altchaWorkerUrl()}
        // React adds on-props of a custom element as listeners: this one is for 'statechange'.
        onstatechange={onStateChange}
        language={loadedLanguage === 'es' ? 'es-419' : 'en'}
        // Its logo is a link hidden from screen readers yet reachable with Tab (axe
        // aria-hidden-focus); the footer still names ALTCHA.
        hidelogo
        style={{ display: 'block' }}
      />
    </Box>
  );
}
