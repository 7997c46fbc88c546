import { Badge } from '@mantine/core';
import type { TWebhookDeliveryStatus } from '@message-station/shared';
import { useTranslation } from '../../i18n/react';

const COLORS: Record<TWebhookDeliveryStatus, string> = {
  pending: 'yellow',
  sending: 'blue',
  delivered: 'teal',
  failed: 'red',
};

export function DeliveryStatusBadge({ status }: { status: TWebhookDeliveryStatus }) {
  const { t } = useTranslation('webhooks');
  return (
    <Badge size="sm" variant="light" color={COLORS[status]}>
      {t(`deliveryStatus.${status}`)}
    </Badge>
  );
}
