// The one time a whole API key is on screen: the key in a monospace field, Close and 'Copy & Close';
// and the Station ID that goes with it in the desktop app's sign-in.
import { ActionIcon, Alert, Button, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useSessionUser } from '../../app/session-user';
import { useTranslation } from '../../i18n/react';

const MONOSPACE = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

type NewApiKeyProps = { apiKey: string; onClose: () => void };

export function NewApiKey({ apiKey, onClose }: NewApiKeyProps) {
  const { t } = useTranslation('users');
  const [copyFailed, setCopyFailed] = useState(false);

  const copyAndClose = async () => {
    try {
      await navigator.clipboard.writeText(apiKey);
    } catch {
      setCopyFailed(true);
      return;
    }
    notifications.show({ color: 'green', message: t('apiKey.copied') });
    onClose();
  };

  return (
    <Stack gap="md">
      <StationIdField />
      <TextInput
        label={t('apiKey.newKey')}
        value={apiKey}
        readOnly
        styles={MONOSPACE}
        onFocus={(event) => event.currentTarget.select()}
      />
      <Alert
        color="orange"
        variant="light"
        icon={<IconAlertTriangle size={18} aria-hidden="true" />}
        role="note"
      >
        {t('apiKey.notShownAgain')}
      </Alert>
      {copyFailed && (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
          {t('apiKey.copyFailed')}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('close')}
        </Button>
        <Button leftSection={<IconCopy size={16} aria-hidden="true" />} onClick={() => void copyAndClose()}>
          {t('apiKey.copyAndClose')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The station's slug, which the desktop app asks for next to the API key. */
export function StationIdField() {
  const { t } = useTranslation('users');
  const { stationSlug } = useSessionUser();
  const clipboard = useClipboard({ timeout: 1500 });
  return (
    <Stack gap={4}>
      <TextInput
        label={t('apiKey.stationId')}
        value={stationSlug}
        readOnly
        styles={MONOSPACE}
        rightSection={
          <Tooltip label={t('apiKey.copyStationId')} withArrow>
            <ActionIcon
              variant="subtle"
              color={clipboard.copied ? 'teal' : 'gray'}
              aria-label={t('apiKey.copyStationId')}
              onClick={() => clipboard.copy(stationSlug)}
            >
              {clipboard.copied ? (
                <IconCheck size={16} aria-hidden="true" />
              ) : (
                <IconCopy size={16} aria-hidden="true" />
              )}
            </ActionIcon>
          </Tooltip>
        }
      />
      <Text fz="xs" c="dimmed">
        {t('apiKey.signInNote')}
      </Text>
    </Stack>
  );
}
