// The Preferences dialog of one contact: Subscribe and Preferred Language per type; Cancel and
// Save Preferences. Whoever receives alerts keeps at least one type, as on
// the join page (the server refuses none too); pausing is how staff stop someone's alerts.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatUsPhone, type TSmsContact } from '@message-station/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { serverErrorText } from '../../api/client';
import type { TStationLanguage, TStationMessageType } from '../../api/sms-contacts';
import { useTranslation } from '../../i18n/react';
import { PreferencesEditor } from './PreferencesEditor';
import { defaultLanguage, draftFrom, hasSubscription, preferencesFrom } from './preferences';
import { useContactPreferencesMutation } from './queries';

type PreferencesModalProps = {
  contact: TSmsContact | null;
  types: TStationMessageType[];
  languages: TStationLanguage[];
  onClose: () => void;
};

export function PreferencesModal({ contact, onClose, ...rest }: PreferencesModalProps) {
  const { t } = useTranslation('smsContacts');
  return (
    <Modal opened={contact !== null} onClose={onClose} title={t('preferences.title')} size="lg">
      {contact && <PreferencesForm key={contact.id} contact={contact} onClose={onClose} {...rest} />}
    </Modal>
  );
}

function PreferencesForm({
  contact,
  types,
  languages,
  onClose,
}: PreferencesModalProps & { contact: TSmsContact }) {
  const { t } = useTranslation('smsContacts');
  const save = useContactPreferencesMutation();
  const [draft, setDraft] = useState(() => draftFrom(types, languages, contact));
  const typeMissing = contact.status !== 'opted_out' && !hasSubscription(draft);

  const submit = () => {
    if (typeMissing) return;
    save.mutate(
      { id: contact.id, preferences: preferencesFrom(draft, defaultLanguage(languages, contact), contact) },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('preferences.saved') });
          onClose();
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Text fw={500}>
        {contact.name ? `${contact.name} · ` : ''}
        {formatUsPhone(contact.phone)}
      </Text>
      <PreferencesEditor types={types} languages={languages} value={draft} onChange={setDraft} />
      {typeMissing && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertCircle size={18} aria-hidden="true" />}
          role="status"
        >
          {t('preferences.typeRequired')}
        </Alert>
      )}
      {save.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
          {serverErrorText(save.error, t('preferences.saveFailed'))}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('preferences.cancel')}
        </Button>
        <Button onClick={submit} loading={save.isPending} disabled={typeMissing}>
          {t('preferences.save')}
        </Button>
      </Group>
    </Stack>
  );
}
