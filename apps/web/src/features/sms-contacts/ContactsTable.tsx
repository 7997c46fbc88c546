// The contacts table: Name, Phone, Language, Message Preferences, Status, Verification, Signed Up,
// Actions (Preferences; Pause when active, else Resume).
import { Button, Stack, Table, Text, Tooltip } from '@mantine/core';
import { formatUsPhone, type TSmsContact } from '@message-station/shared';
import type { TStationMessageType } from '../../api/sms-contacts';
import { ListTable } from '../../components/ListTable';
import { useTranslation } from '../../i18n/react';
import { useLanguageName } from '../../i18n/use-language-name';
import { PreferenceBadges, StatusBadge, VerificationBadge } from './ContactBadges';
import { useContactStatusMutation } from './queries';

export type ContactsTableProps = {
  contacts: TSmsContact[];
  types: TStationMessageType[];
  onPreferences: (contact: TSmsContact) => void;
};

export function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language === 'es' ? 'es-US' : 'en-US', { dateStyle: 'medium' }).format(date);
}

export function ContactsTable({ contacts, types, onPreferences }: ContactsTableProps) {
  const { t, i18n } = useTranslation('smsContacts');
  const languageName = useLanguageName();
  const statusChange = useContactStatusMutation();
  const uiLanguage = i18n.resolvedLanguage ?? 'en';

  return (
    <ListTable
      columns={[
        t('columns.name'),
        t('columns.phone'),
        t('columns.language'),
        t('columns.preferences'),
        t('columns.status'),
        t('columns.verification'),
        t('columns.signedUp'),
        t('columns.actions'),
      ]}
    >
      {contacts.map((contact) => {
        const changing = statusChange.isPending && statusChange.variables?.id === contact.id;
        return (
          <Table.Tr key={contact.id}>
            <Table.Td miw={90}>
              {contact.name ? (
                <Text fz="sm" fw={500}>
                  {contact.name}
                </Text>
              ) : (
                <Text fz="sm" c="dimmed">
                  {t('noName')}
                </Text>
              )}
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatUsPhone(contact.phone)}</Table.Td>
            <Table.Td>{languageName(contact.language)}</Table.Td>
            <Table.Td miw={200} maw={260}>
              <PreferenceBadges contact={contact} types={types} />
            </Table.Td>
            <Table.Td>
              <StatusBadge status={contact.status} />
            </Table.Td>
            <Table.Td>
              <VerificationBadge contact={contact} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <time dateTime={contact.signed_up_at}>{formatDate(contact.signed_up_at, uiLanguage)}</time>
            </Table.Td>
            <Table.Td>
              <Stack gap={6} w="max-content">
                <Button size="compact-sm" variant="default" fullWidth onClick={() => onPreferences(contact)}>
                  {t('actions.preferences')}
                </Button>
                <StatusAction
                  contact={contact}
                  loading={changing}
                  onChange={(status) => statusChange.mutate({ id: contact.id, status })}
                />
              </Stack>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );
}

type StatusActionProps = {
  contact: TSmsContact;
  loading: boolean;
  onChange: (status: 'active' | 'paused') => void;
  /** Why Resume cannot be used, said in words under it (a phone has no hover) rather than a tooltip. */
  reasonInline?: boolean;
  /** The table's compact buttons, or the phone card's larger ones. */
  size?: 'compact-sm' | 'sm';
};

/** Pause when active, else Resume; opted-out and pending contacts can only opt in themselves. */
export function StatusAction({
  contact,
  loading,
  onChange,
  reasonInline = false,
  size = 'compact-sm',
}: StatusActionProps) {
  const { t } = useTranslation('smsContacts');
  if (contact.status === 'active') {
    return (
      <Button
        size={size}
        variant="light"
        color="gray"
        fullWidth
        loading={loading}
        onClick={() => onChange('paused')}
      >
        {t('actions.pause')}
      </Button>
    );
  }
  const resume = (
    <Button
      size={size}
      variant="light"
      color="green"
      fullWidth
      loading={loading}
      onClick={(event) => {
        if (contact.status === 'paused') onChange('active');
        else event.preventDefault();
      }}
      // Kept focusable (not `disabled`) so the tooltip explaining why can be reached.
      data-disabled={contact.status === 'paused' ? undefined : true}
      aria-disabled={contact.status === 'paused' ? undefined : true}
    >
      {t('actions.resume')}
    </Button>
  );
  if (contact.status === 'paused') return resume;
  const reason = contact.status === 'opted_out' ? t('actions.resumeOptedOut') : t('actions.resumePending');
  if (reasonInline)
    return (
      <Text fz="xs" c="gray.8">
        {reason}
      </Text>
    );
  return (
    <Tooltip label={reason} withArrow multiline w={220}>
      {resume}
    </Tooltip>
  );
}
