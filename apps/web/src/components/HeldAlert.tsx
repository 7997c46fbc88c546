// The yellow "N texts held after a restore" alert (decision 0055) that both notices are made of: the
// message's (HeldAfterRestoreNotice.tsx) and the dashboard's (HeldAfterRestoreDashboardNotice.tsx).
import { Alert } from '@mantine/core';
import { IconPlayerPause } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatCount } from '../i18n/formats';
import { useTranslation } from '../i18n/react';

export function HeldAlert({ held, testId, children }: { held: number; testId: string; children: ReactNode }) {
  const { t } = useTranslation('messages', { keyPrefix: 'heldAfterRestore' });
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconPlayerPause size={18} aria-hidden="true" />}
      title={t('title', { count: held, formatted: formatCount(held) })}
      data-testid={testId}
    >
      {children}
    </Alert>
  );
}
