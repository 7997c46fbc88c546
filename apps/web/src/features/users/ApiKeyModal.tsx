// The API Key dialog of one user: the Station ID the desktop app signs in with, the key's visible
// start and dates, Regenerate and Revoke (each confirmed), or Generate API Key when there is none.
import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TStationUser } from '@message-station/shared';
import { IconAlertCircle, IconAlertTriangle, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { displayName } from '../../lib/user-name';
import { NewApiKey, StationIdField } from './NewApiKey';
import { useGenerateApiKeyMutation, useRevokeApiKeyMutation } from './queries';
import { userErrorText } from './user-error';

type ApiKeyModalProps = { user: TStationUser | null; onClose: () => void };

export function ApiKeyModal({ user, onClose }: ApiKeyModalProps) {
  const { t } = useTranslation('users');
  // The full key lives only here, and is forgotten when the dialog closes.
  const [newKey, setNewKey] = useState<string | null>(null);
  const close = () => {
    setNewKey(null);
    onClose();
  };
  return (
    <Modal
      opened={user !== null}
      onClose={close}
      // A stray click must not lose a key that is never shown again.
      closeOnClickOutside={newKey === null}
      title={user ? `${t('apiKey.title')}: ${displayName(user)}` : t('apiKey.title')}
      size="lg"
    >
      {user &&
        (newKey ? (
          <NewApiKey apiKey={newKey} onClose={close} />
        ) : (
          <ApiKeyDetails key={user.id} user={user} onCreated={setNewKey} onClose={close} />
        ))}
    </Modal>
  );
}

type ApiKeyDetailsProps = {
  user: TStationUser;
  onCreated: (apiKey: string) => void;
  onClose: () => void;
};

function ApiKeyDetails({ user, onCreated, onClose }: ApiKeyDetailsProps) {
  const { t } = useTranslation('users');
  const generate = useGenerateApiKeyMutation();
  const revoke = useRevokeApiKeyMutation();
  const [confirming, setConfirming] = useState<'regenerate' | 'revoke' | null>(null);
  const busy = generate.isPending || revoke.isPending;

  const createKey = () => {
    revoke.reset();
    generate.mutate(user.id, { onSuccess: ({ api_key }) => onCreated(api_key) });
  };

  const revokeKey = () => {
    generate.reset();
    revoke.mutate(user.id, {
      onSuccess: () => {
        setConfirming(null);
        notifications.show({ color: 'green', message: t('apiKey.revoked') });
      },
    });
  };

  return (
    <Stack gap="md">
      <StationIdField />
      {user.api_key ? (
        <KeySummary user={user} />
      ) : (
        <Text fz="sm" c="dimmed">
          {t('apiKey.noKey')}
        </Text>
      )}

      {confirming && (
        <Alert
          color="red"
          variant="light"
          role="alertdialog"
          icon={<IconAlertTriangle size={18} aria-hidden="true" />}
          aria-label={t(confirming === 'regenerate' ? 'apiKey.regenerateConfirm' : 'apiKey.revokeConfirm')}
        >
          <Stack gap="sm">
            <Text fz="sm">
              {t(confirming === 'regenerate' ? 'apiKey.regenerateConfirm' : 'apiKey.revokeConfirm')}
            </Text>
            <Group gap="sm" justify="flex-end">
              <Button size="xs" variant="default" onClick={() => setConfirming(null)} disabled={busy}>
                {t('cancel')}
              </Button>
              <Button
                size="xs"
                color="red"
                loading={busy}
                onClick={confirming === 'regenerate' ? createKey : revokeKey}
              >
                {t(confirming === 'regenerate' ? 'apiKey.regenerateSubmit' : 'apiKey.revokeSubmit')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}

      {(generate.isError || revoke.isError) && (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
          {generate.isError
            ? userErrorText(generate.error, t('apiKey.generateFailed'))
            : userErrorText(revoke.error, t('apiKey.revokeFailed'))}
        </Alert>
      )}

      <Group justify="space-between" gap="sm">
        {user.api_key ? (
          <Group gap="sm">
            <Button variant="default" disabled={busy} onClick={() => setConfirming('regenerate')}>
              {t('apiKey.regenerate')}
            </Button>
            <Button variant="light" color="red" disabled={busy} onClick={() => setConfirming('revoke')}>
              {t('apiKey.revoke')}
            </Button>
          </Group>
        ) : (
          <Button
            leftSection={<IconKey size={16} aria-hidden="true" />}
            loading={generate.isPending}
            onClick={createKey}
          >
            {t('apiKey.generate')}
          </Button>
        )}
        <Button variant="default" onClick={onClose}>
          {t('close')}
        </Button>
      </Group>
    </Stack>
  );
}

function KeySummary({ user }: { user: TStationUser }) {
  const { t, i18n } = useTranslation('users');
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage === 'es' ? 'es-US' : 'en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const when = (iso: string | null) => (iso ? format.format(new Date(iso)) : null);
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text fz="sm" fw={500}>
          {t('apiKey.key')}:
        </Text>
        <Code fz="sm">{user.api_key}</Code>
      </Group>
      <Text fz="sm">
        {t('apiKey.created')}: {when(user.api_key_created_at) ?? '—'}
      </Text>
      <Text fz="sm">
        {t('apiKey.lastUsed')}: {when(user.api_key_last_used_at) ?? t('apiKey.neverUsed')}
      </Text>
      <Text fz="sm" c="dimmed">
        {t('apiKey.shownOnce')}
      </Text>
    </Stack>
  );
}
