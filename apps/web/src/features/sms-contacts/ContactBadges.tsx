// Small badges of the contacts table: one per message type, the status and the verification.
import { Badge, Group, Tooltip, VisuallyHidden } from '@mantine/core';
import type { TContactStatus, TSmsContact } from '@message-station/shared';
import { useTranslation } from 'react-i18next';
import type { TStationMessageType } from '../../api/sms-contacts';
import { safeColor } from '../subscribers/station-brand';

/** One coloured badge per station type; dimmed when the contact does not receive it. */
export function PreferenceBadges({ contact, types }: { contact: TSmsContact; types: TStationMessageType[] }) {
  const { t } = useTranslation('smsContacts');
  return (
    <Group gap={4} wrap="wrap">
      {types.map((type) => {
        const subscribed = Boolean(contact.message_preferences[type.message_type]?.subscribed);
        const label = subscribed ? t('subscribed') : t('notSubscribed');
        return (
          <Tooltip key={type.id} label={label} withArrow>
            <Badge
              size="sm"
              radius="sm"
              tt="none"
              color={safeColor(type.color_code, 'gray')}
              variant={subscribed ? 'filled' : 'outline'}
              autoContrast
              data-subscribed={subscribed}
              style={{ minWidth: 'max-content', opacity: subscribed ? 1 : 0.45 }}
            >
              {type.display_name}
              <VisuallyHidden>: {label}</VisuallyHidden>
            </Badge>
          </Tooltip>
        );
      })}
    </Group>
  );
}

const STATUS_COLORS: Record<TContactStatus, string> = {
  active: 'green',
  pending: 'yellow',
  paused: 'gray',
  opted_out: 'red',
};

export function StatusBadge({ status }: { status: TContactStatus }) {
  const { t } = useTranslation('smsContacts');
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" tt="none" style={{ minWidth: 'max-content' }}>
      {t(`status.${status}`)}
    </Badge>
  );
}

export function VerificationBadge({ verified }: { verified: boolean }) {
  const { t } = useTranslation('smsContacts');
  return (
    <Badge
      color={verified ? 'teal' : 'gray'}
      variant={verified ? 'light' : 'outline'}
      tt="none"
      style={{ minWidth: 'max-content' }}
    >
      {verified ? t('verified') : t('unverified')}
    </Badge>
  );
}
