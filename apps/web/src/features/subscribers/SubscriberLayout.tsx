// Frame of the subscriber pages (/join, /unsubscribe): the station's pages, not ours, so no product
// header or footer; every word in the subscriber's language from the pages' own i18n instance.
import { Box } from '@mantine/core';
import type { TLanguageCode } from '@message-station/shared';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import i18n, { currentLanguage } from '../../i18n';
import { I18nextProvider } from '../../i18n/react';
import {
  browserLanguages,
  isSubscriberLanguageLoaded,
  loadSubscriberLanguage,
  rememberedSubscriberLanguage,
  rememberSubscriberLanguage,
  subscriberI18n,
} from '../../i18n/subscriber-i18n';
import {
  fittedLanguage,
  forgetRenderedLanguage,
  initialLanguage,
  SubscriberLanguageContext,
  type TSubscriberLanguage,
} from './subscriber-language';

export function SubscriberLayout() {
  const [language, setLanguage] = useState<TLanguageCode>(initialLanguage);
  // Already loaded (a server-rendered page being attached, or a return visit): no loader first.
  const [loaded, setLoaded] = useState<TLanguageCode | null>(() =>
    isSubscriberLanguageLoaded(language) ? language : null,
  );

  useEffect(() => {
    let current = true;
    loadSubscriberLanguage(language).then(
      () => {
        if (!current) return;
        setLoaded(language);
        document.documentElement.lang = language;
      },
      (error: unknown) => console.error('Subscriber texts failed to load', error),
    );
    return () => {
      current = false;
    };
  }, [language]);

  useEffect(() => {
    // The server-rendered page's language has served: a later visit starts from the visitor's.
    forgetRenderedLanguage();
    // Leaving for a staff page: <html lang> follows the staff interface again.
    return () => {
      document.documentElement.lang = currentLanguage();
    };
  }, []);

  const choose = useCallback((next: TLanguageCode) => {
    rememberSubscriberLanguage(next);
    setLanguage(next);
  }, []);
  const fitStation = useCallback((offered: readonly string[]) => {
    setLanguage((now) => fittedLanguage(now, offered, browserLanguages(), rememberedSubscriberLanguage()));
  }, []);
  const context = useMemo<TSubscriberLanguage>(
    () => ({ language: loaded ?? language, choose, fitStation }),
    [loaded, language, choose, fitStation],
  );

  return (
    // The card sits on the pale page colour, as admin cards do (docs/design.md "Colour roles").
    // Korean breaks lines between words (eojeol), not inside them.
    <Box
      component="main"
      mih="100vh"
      bg="gray.0"
      style={{ wordBreak: loaded === 'ko' ? 'keep-all' : undefined }}
    >
      {loaded ? (
        <I18nextProvider i18n={subscriberI18n}>
          <SubscriberLanguageContext.Provider value={context}>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </SubscriberLanguageContext.Provider>
        </I18nextProvider>
      ) : (
        <I18nextProvider i18n={i18n}>
          <PageLoader />
        </I18nextProvider>
      )}
    </Box>
  );
}
