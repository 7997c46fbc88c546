import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while the session or a page's code is loading. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center mih={fullScreen ? '100vh' : '40vh'} role="status" aria-live="polite">
      <Loader aria-hidden="true" />
      <VisuallyHidden>{t('loading')}</VisuallyHidden>
    </Center>
  );
}
