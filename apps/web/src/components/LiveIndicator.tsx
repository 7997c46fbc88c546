// The stream's state next to the page title: Connecting, Live, Reconnecting, Offline.
import { Badge } from '@mantine/core';
import { useTranslation } from '../i18n/react';
import type { TStreamStatus } from '../lib/stream-status';

const COLORS: Record<TStreamStatus, string> = {
  connecting: 'gray',
  live: 'green',
  reconnecting: 'yellow',
  offline: 'red',
};

export function LiveIndicator({ status }: { status: TStreamStatus }) {
  const { t } = useTranslation('messages');
  const label = t(`live.${status}`);
  return (
    <Badge
      variant="dot"
      color={COLORS[status]}
      size="lg"
      tt="none"
      role="status"
      aria-label={t('live.label', { status: label })}
      data-stream-status={status}
    >
      {label}
    </Badge>
  );
}
