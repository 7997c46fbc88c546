// The contacts list on a phone (decision 0043): one card per contact instead of the table's eight
// columns, so a contact is looked up and paused or resumed without scrolling sideways. Name and
// status, the number, the language, the alert types, verification and sign-up date, Preferences
// and Pause or Resume (why Resume cannot be used is written out: a phone has no hover).
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatUsPhone } from '@message-station/shared';
import { useTranslation } from '../../i18n/react';
import { useLanguageName } from '../../i18n/use-language-name';
import { PreferenceBadges, StatusBadge, VerificationBadge } from './ContactBadges';
import { type ContactsTableProps, formatDate, StatusAction } from './ContactsTable';
import { useContactStatusMutation } from './queries';

export function ContactCards({ contacts, types, onPreferences }: ContactsTableProps) {
  const { t, i18n } = useTranslation('smsContacts');
  const languageName = useLanguageName();
  const statusChange = useContactStatusMutation();
  const uiLanguage = i18n.resolvedLanguage ?? 'en';

  return (
    <Stack gap="sm">
      {contacts.map((contact) => {
        const name = contact.name || t('noName');
        const phone = formatUsPhone(contact.phone);
        return (
          <Paper
            key={contact.id}
            component="article"
            aria-label={contact.name ? `${contact.name}, ${phone}` : phone}
            withBorder
            radius="md"
            p="sm"
          >
            <Stack gap={6}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Stack gap={0} miw={0}>
                  <Text
                    fz="sm"
                    fw={500}
                    c={contact.name ? undefined : 'dimmed'}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {name}
                  </Text>
                  <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                    {phone}
                  </Text>
                </Stack>
                <StatusBadge status={contact.status} />
              </Group>
              <Text fz="xs" c="gray.8">
                {languageName(contact.language)} ·{' '}
                <time dateTime={contact.signed_up_at}>{formatDate(contact.signed_up_at, uiLanguage)}</time>
              </Text>
              <PreferenceBadges contact={contact} types={types} />
              <Group gap="xs">
                <VerificationBadge contact={contact} />
              </Group>
              {contact.status !== 'active' && contact.status !== 'paused' && (
                <StatusAction contact={contact} loading={false} onChange={() => {}} reasonInline />
              )}
              <Group gap="xs" grow wrap="nowrap">
                <Button size="sm" variant="default" onClick={() => onPreferences(contact)}>
                  {t('actions.preferences')}
                </Button>
                {(contact.status === 'active' || contact.status === 'paused') && (
                  <StatusAction
                    contact={contact}
                    loading={statusChange.isPending && statusChange.variables?.id === contact.id}
                    onChange={(status) => statusChange.mutate({ id: contact.id, status })}
                    size="sm"
                  />
                )}
              </Group>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
