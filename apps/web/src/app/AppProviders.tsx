// Everything a page needs around it: Mantine theme, notifications, modals and the query cache.
import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { styleNonceGetter } from './csp-nonce';
import { theme } from './theme';
import { accessibleColorsResolver } from './theme-colors';
import { controlLabels } from './theme-labels';

// Both listen to module-level APIs (`notifications.show`, `modals.openConfirmModal` raise events
// and fill a store), so they sit beside the page rather than around it, and load with the first
// notification or modal: their code and their portals are not part of a page's load (decision 0014).
const NotificationsContainer = lazy(() =>
  import('./NotificationsContainer').then((module) => ({ default: module.NotificationsContainer })),
);

/**
 * The notifications' code loads with the first one shown: `notifications.show` only fills the
 * store, which the container reads all of once it is there. Most visits show none.
 */
function NotificationsOnDemand() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const check = () => {
      const { notifications, queue } = notificationsStore.getState();
      if (notifications.length + queue.length > 0) setWanted(true);
    };
    check();
    return notificationsStore.subscribe(check);
  }, [wanted]);
  return wanted ? <NotificationsContainer /> : null;
}
const ModalsProvider = lazy(() =>
  import('@mantine/modals').then((module) => ({ default: module.ModalsProvider })),
);

/** The window events by which `modals.open…` (@mantine/modals) open a modal. */
const MODAL_OPENING_EVENTS = ['openModal', 'openConfirmModal', 'openContextModal'].map(
  (name) => `mantine-modals:${name}`,
);

/** Set while caught events are raised again for the provider: they are not caught twice. */
let replaying = false;

/** Raises the caught events again once the provider listens (its listeners are layout effects). */
function ReplayModalEvents({ events, onDone }: { events: CustomEvent[]; onDone: () => void }) {
  useEffect(() => {
    replaying = true;
    try {
      for (const event of events) window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
    } finally {
      replaying = false;
    }
    onDone();
  }, [events, onDone]);
  return null;
}

/**
 * The modals provider loads with the first modal opened through `modals.open…`: until it listens,
 * the opening events are caught here and raised again for it. Most visits open none.
 */
function ModalsOnDemand() {
  const [caught, setCaught] = useState<CustomEvent[]>([]);
  const [listening, setListening] = useState(false);
  const onDone = useCallback(() => setListening(true), []);
  useEffect(() => {
    if (listening) return;
    const catchEvent = (event: Event) => {
      if (!replaying) setCaught((events) => [...events, event as CustomEvent]);
    };
    for (const name of MODAL_OPENING_EVENTS) window.addEventListener(name, catchEvent);
    return () => {
      for (const name of MODAL_OPENING_EVENTS) window.removeEventListener(name, catchEvent);
    };
  }, [listening]);
  if (caught.length === 0) return null;
  return (
    <ModalsProvider>{!listening && <ReplayModalEvents events={caught} onDone={onDone} />}</ModalsProvider>
  );
}

type AppProvidersProps = {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off transitions and portals. */
  env?: 'default' | 'test';
};

export function AppProviders({ queryClient, children, env = 'default' }: AppProvidersProps) {
  const [getStyleNonce] = useState(styleNonceGetter);
  // Mantine's icon-only buttons (close, pagination) named in the page's language (theme-labels.ts).
  const { t } = useTranslation('common');
  const localizedTheme = useMemo(() => mergeThemeOverrides(theme, controlLabels(t)), [t]);
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider
        theme={localizedTheme}
        cssVariablesResolver={accessibleColorsResolver}
        deduplicateCssVariables={false}
        defaultColorScheme="light"
        env={env}
        getStyleNonce={getStyleNonce}
      >
        {children}
        <Suspense fallback={null}>
          <NotificationsOnDemand />
        </Suspense>
        <Suspense fallback={null}>
          <ModalsOnDemand />
        </Suspense>
      </MantineProvider>
    </QueryClientProvider>
  );
}
