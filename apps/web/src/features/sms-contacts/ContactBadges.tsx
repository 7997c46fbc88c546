// Small badges of the contacts table: one per message type, the status and the verification.
import { Badge, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { TContactStatus, TSmsContact } from '@message-station/shared';
import type { TStationMessageType } from '../../api/sms-contacts';
import { useTranslation } from '../../i18n/react';
import { stationFill } from '../../lib/station-brand';

/**
 * One badge per station type: filled in the type's colour when the contact receives it, a grey
 * outline when not (a faded badge would fall below AA contrast).
 */
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
              color={subscribed ? stationFill(type.color_code, 'var(--mantine-color-gray-filled)') : 'gray'}
              variant={subscribed ? 'filled' : 'outline'}
              autoContrast
              data-subscribed={subscribed}
              style={{ minWidth: 'max-content' }}
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

/**
 * Verified or Unverified. An active or paused contact that is not verified (imported before
 * imports verified contacts, decision 0017) is never sent an alert: its row says so, with the fix.
 */
export function VerificationBadge({ contact }: { contact: Pick<TSmsContact, 'status' | 'is_verified'> }) {
  const { t } = useTranslation('smsContacts');
  const badge = (
    <Badge
      color={contact.is_verified ? 'teal' : 'gray'}
      variant={contact.is_verified ? 'light' : 'outline'}
      tt="none"
      style={{ minWidth: 'max-content' }}
    >
      {contact.is_verified ? t('verified') : t('unverified')}
    </Badge>
  );
  // Pending and opted-out contacts already say, by their status, that they receive nothing.
  if (contact.is_verified || (contact.status !== 'active' && contact.status !== 'paused')) return badge;
  return (
    <Tooltip label={t('unverifiedHint')} withArrow multiline w={260}>
      <Stack gap={2} w="max-content" tabIndex={0}>
        {badge}
        <Text fz="xs" c="orange" style={{ whiteSpace: 'nowrap' }}>
          {t('noAlerts')}
        </Text>
      </Stack>
    </Tooltip>
  );
}
